import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The one link the mail is about, printed on the log when no SMTP server is set. */
  link?: string;
  /** Files sent with it (a service's .ics). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: string;
  /** e.g. `text/calendar; charset=utf-8; method=PUBLISH` */
  contentType: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Sends through SMTP_URL when set. Without it, each mail's recipient, subject and
 * link go to the log, so someone trying Segue on a laptop can still verify.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  logger: FastifyBaseLogger;
}): Mailer {
  const { smtpUrl, from, logger } = options;
  if (!smtpUrl) {
    return {
      async send(mail) {
        logger.info(
          { mail: { to: mail.to, subject: mail.subject, link: mail.link } },
          `Mail to ${mail.to}: "${mail.subject}"${mail.link ? ` ${mail.link}` : ''}`,
        );
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments?.map((a) => ({ ...a })),
      });
      logger.info({ mail: { to: mail.to, subject: mail.subject } }, 'mail sent');
    },
    close() {
      transport.close();
    },
  };
}
