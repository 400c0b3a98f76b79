import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E } from './env.ts';

interface StoredMail {
  to: string[];
  raw: string;
}

/** Undoes quoted-printable soft breaks and escapes, enough to read a link. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

// The mailbox only grows during a run, and a test polls it many times while each wait lasts:
// every file is read and parsed once, when it first appears, and filed under its recipients.
// Names start with the time of arrival and a sequence number, so their order is the mails'.
const indexed = new Set<string>();
const byRecipient = new Map<string, { file: string; raw: string }[]>();

function indexNewMails(): void {
  for (const file of readdirSync(E2E.mailDir)) {
    if (indexed.has(file)) continue;
    let mail: StoredMail;
    try {
      mail = JSON.parse(readFileSync(path.join(E2E.mailDir, file), 'utf8')) as StoredMail;
    } catch {
      // Still being written by the mail server: read it at the next look.
      continue;
    }
    indexed.add(file);
    for (const address of mail.to) {
      const mails = byRecipient.get(address) ?? [];
      mails.push({ file, raw: mail.raw });
      // A directory lists in no promised order: keep each recipient's mails in arrival order.
      if (mails.length > 1 && mails.at(-2)!.file > file) {
        mails.sort((a, b) => (a.file < b.file ? -1 : 1));
      }
      byRecipient.set(address, mails);
    }
  }
}

/** The raw messages to an address, oldest first. */
export function rawMailsTo(address: string): string[] {
  indexNewMails();
  return (byRecipient.get(address.toLowerCase()) ?? []).map((m) => m.raw);
}

/** How a test waits for a mail: a look at the indexed mailbox is cheap, so it looks often. */
export const MAIL_POLL = { timeout: 15_000, intervals: [50, 100, 200] };

/** Waits for the count-th mail to an address and returns its verification link. */
export async function waitForVerificationLink(address: string, count = 1): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const mails = rawMailsTo(address);
        if (mails.length < count) return '';
        const body = decodeQuotedPrintable(mails[count - 1]!);
        link =
          /https?:\/\/[^\s"<>]+\/verify\?[^\s"<>]+/.exec(body)?.[0]?.replace(/&amp;/g, '&') ?? '';
        return link;
      },
      { message: `a verification mail to ${address}`, ...MAIL_POLL },
    )
    .not.toBe('');
  return link;
}

/** Waits for the count-th mail to an address holding a link to `path`, and returns the link. */
export async function waitForLink(address: string, path: string, count = 1): Promise<string> {
  let link = '';
  const pattern = new RegExp(`https?://[^\\s"<>]+${path.replace('/', '\\/')}\\?[^\\s"<>]+`);
  await expect
    .poll(
      () => {
        const mails = rawMailsTo(address)
          .map(decodeQuotedPrintable)
          .filter((body) => pattern.test(body));
        if (mails.length < count) return '';
        link = pattern.exec(mails[count - 1]!)?.[0]?.replace(/&amp;/g, '&') ?? '';
        return link;
      },
      { message: `a mail to ${address} linking to ${path}`, ...MAIL_POLL },
    )
    .not.toBe('');
  return link;
}

export function countMailsTo(address: string): number {
  return rawMailsTo(address).length;
}

/** Waits for the count-th mail to an address holding a team invitation link, and returns it. */
export async function waitForInviteLink(address: string, count = 1): Promise<string> {
  let link = '';
  const pattern = /https?:\/\/[^\s"<>]+\/invite\/[A-Za-z0-9_-]+/;
  await expect
    .poll(
      () => {
        const mails = rawMailsTo(address)
          .map(decodeQuotedPrintable)
          .filter((body) => pattern.test(body));
        if (mails.length < count) return '';
        link = pattern.exec(mails[count - 1]!)?.[0] ?? '';
        return link;
      },
      { message: `an invitation mail to ${address}`, ...MAIL_POLL },
    )
    .not.toBe('');
  return link;
}
