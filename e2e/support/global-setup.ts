import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { E2E } from './env.ts';

/**
 * A real SMTP server for the run: the Segue server sends its mails here over
 * SMTP, and each message lands as a file in the mailbox folder the tests read.
 */
export default async function globalSetup() {
  rmSync(E2E.mailDir, { recursive: true, force: true });
  mkdirSync(E2E.mailDir, { recursive: true });
  let sequence = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        sequence += 1;
        const file = path.join(
          E2E.mailDir,
          `${Date.now()}-${String(sequence).padStart(5, '0')}.json`,
        );
        writeFileSync(file, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(E2E.smtpPort, '127.0.0.1', () => resolve());
  });
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
