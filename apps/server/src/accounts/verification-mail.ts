import type { Mail } from '../lib/mailer.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function verificationMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Verify your email for Segue',
    link,
    text: [
      'Welcome to Segue!',
      '',
      'Open this link to verify your email address (it works once, within 24 hours):',
      link,
      '',
      'If you did not create a Segue account, you can ignore this mail.',
    ].join('\n'),
    html: `<p>Welcome to Segue!</p><p><a href="${escapeHtml(link)}">Verify your email address</a> (the link works once, within 24 hours).</p><p>If you did not create a Segue account, you can ignore this mail.</p>`,
  };
}
