import { DEFAULT_LOCALE, type Locale } from '@segue/shared';
import type { Mail } from '../lib/mailer.ts';
import { escapeHtml, mailTexts } from '../mails/mail-texts.ts';

export function verificationMail(to: string, link: string, locale: Locale = DEFAULT_LOCALE): Mail {
  const t = mailTexts(locale).verification;
  return {
    to,
    subject: t.subject,
    link,
    text: t.text({ link }),
    html: t.html({ link: escapeHtml(link) }),
  };
}
