import type { Locale } from '@segue/shared';
import type { Mail } from '../lib/mailer.ts';
import { mailTexts } from './mail-texts.ts';

/** To the new address of an e-mail change: the link that makes it the account's. */
export function emailChangeMail(to: string, link: string, locale: Locale): Mail {
  const t = mailTexts(locale).emailChange;
  return { to, subject: t.subject, link, text: t.text({ email: to, link }) };
}

/** To the old address of an e-mail change: someone asked to move the account to `newEmail`. */
export function emailChangingMail(to: string, newEmail: string, locale: Locale): Mail {
  const t = mailTexts(locale).emailChanging;
  return { to, subject: t.subject, text: t.text({ email: newEmail }) };
}

/** The password reset link. */
export function passwordResetMail(to: string, link: string, locale: Locale): Mail {
  const t = mailTexts(locale).passwordReset;
  return { to, subject: t.subject, link, text: t.text({ link }) };
}
