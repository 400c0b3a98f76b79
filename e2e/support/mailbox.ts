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

function mailsTo(address: string): StoredMail[] {
  const files = readdirSync(E2E.mailDir).sort();
  return files
    .map((f) => JSON.parse(readFileSync(path.join(E2E.mailDir, f), 'utf8')) as StoredMail)
    .filter((m) => m.to.includes(address.toLowerCase()));
}

/** Waits for the count-th mail to an address and returns its verification link. */
export async function waitForVerificationLink(address: string, count = 1): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const mails = mailsTo(address);
        if (mails.length < count) return '';
        const body = decodeQuotedPrintable(mails[count - 1]!.raw);
        link =
          /https?:\/\/[^\s"<>]+\/verify\?[^\s"<>]+/.exec(body)?.[0]?.replace(/&amp;/g, '&') ?? '';
        return link;
      },
      { message: `a verification mail to ${address}`, timeout: 15_000 },
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
        const mails = mailsTo(address)
          .map((m) => decodeQuotedPrintable(m.raw))
          .filter((body) => pattern.test(body));
        if (mails.length < count) return '';
        link = pattern.exec(mails[count - 1]!)?.[0]?.replace(/&amp;/g, '&') ?? '';
        return link;
      },
      { message: `a mail to ${address} linking to ${path}`, timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}

export function countMailsTo(address: string): number {
  return mailsTo(address).length;
}

/** Waits for the count-th mail to an address holding a team invitation link, and returns it. */
export async function waitForInviteLink(address: string, count = 1): Promise<string> {
  let link = '';
  const pattern = /https?:\/\/[^\s"<>]+\/invite\/[A-Za-z0-9_-]+/;
  await expect
    .poll(
      () => {
        const mails = mailsTo(address)
          .map((m) => decodeQuotedPrintable(m.raw))
          .filter((body) => pattern.test(body));
        if (mails.length < count) return '';
        link = pattern.exec(mails[count - 1]!)?.[0] ?? '';
        return link;
      },
      { message: `an invitation mail to ${address}`, timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}
