import { describe, expect, it } from 'vitest';
import type { Mail, Mailer } from './mailer.ts';
import { MailQueue } from './mail-queue.ts';

const mail = (to = 'ada@example.com'): Mail => ({ to, subject: 'Hello', text: 'Hi' });

/** A mail server that refuses the first `failures` mails, and remembers the rest. */
function flakyMailer(failures: number, delayMs = 0) {
  const sent: Mail[] = [];
  let tries = 0;
  let closed = false;
  const mailer: Mailer & { sent: Mail[]; tries: () => number; closed: () => boolean } = {
    sent,
    tries: () => tries,
    closed: () => closed,
    async send(m) {
      tries += 1;
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (tries <= failures) throw new Error(`SMTP down (try ${tries})`);
      sent.push(m);
    },
    close() {
      closed = true;
    },
  };
  return mailer;
}

function recordingLog() {
  const lines: { level: 'warn' | 'error'; msg: string; obj: unknown }[] = [];
  return {
    lines,
    warn: (obj: unknown, msg: string) => lines.push({ level: 'warn', msg, obj }),
    error: (obj: unknown, msg: string) => lines.push({ level: 'error', msg, obj }),
  };
}

describe('MailQueue', () => {
  it('sends in the background and retries a failed mail with backoff, logging each failure', async () => {
    const mailer = flakyMailer(2);
    const log = recordingLog();
    const queue = new MailQueue(mailer, { log, retryDelaysMs: [20, 60, 500] });
    const started = Date.now();
    queue.enqueue(mail());
    expect(mailer.sent).toHaveLength(0);
    await queue.idle();
    expect(Date.now() - started).toBeGreaterThanOrEqual(75);
    expect(mailer.tries()).toBe(3);
    expect(mailer.sent).toEqual([mail()]);
    expect(log.lines.map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'mail to ada@example.com not sent; trying again in 0.02 s'],
      ['warn', 'mail to ada@example.com not sent; trying again in 0.06 s'],
    ]);
    expect(log.lines[0]!.obj).toMatchObject({
      attempt: 1,
      mail: { to: 'ada@example.com', subject: 'Hello' },
      err: expect.objectContaining({ message: 'SMTP down (try 1)' }),
    });
  });

  it('gives up after the last retry, with an error on the log', async () => {
    const mailer = flakyMailer(Infinity);
    const log = recordingLog();
    const queue = new MailQueue(mailer, { log, retryDelaysMs: [5, 5] });
    queue.enqueue(mail());
    await queue.idle();
    expect(mailer.tries()).toBe(3);
    expect(log.lines.at(-1)).toMatchObject({
      level: 'error',
      msg: 'mail to ada@example.com not sent after 3 attempts; giving up',
    });
  });

  it('deliver waits for the first try only and never throws; send throws', async () => {
    const mailer = flakyMailer(1);
    const queue = new MailQueue(mailer, { log: recordingLog(), retryDelaysMs: [30] });
    await expect(queue.deliver(mail())).resolves.toBeUndefined();
    expect(mailer.tries()).toBe(1);
    expect(mailer.sent).toHaveLength(0);
    await queue.idle();
    expect(mailer.sent).toHaveLength(1);

    const down = new MailQueue(flakyMailer(Infinity), { log: recordingLog(), retryDelaysMs: [] });
    await expect(down.send(mail())).rejects.toThrow('SMTP down');
  });

  it('runs deferred jobs after the caller returns, logging a job that fails', async () => {
    const mailer = flakyMailer(0);
    const log = recordingLog();
    const queue = new MailQueue(mailer, { log });
    const order: string[] = [];
    queue.defer('a lookup', async () => {
      order.push('job');
      queue.enqueue(mail('grace@example.com'));
    });
    queue.defer('a broken lookup', async () => {
      throw new Error('database gone');
    });
    order.push('caller');
    await queue.idle();
    expect(order).toEqual(['caller', 'job']);
    expect(mailer.sent.map((m) => m.to)).toEqual(['grace@example.com']);
    expect(log.lines).toMatchObject([
      { level: 'error', msg: 'a broken lookup failed in the background' },
    ]);
  });

  it('on close, gives up waiting retries, lets mails under way finish, then closes the mailer', async () => {
    const mailer = flakyMailer(1, 20);
    const log = recordingLog();
    const queue = new MailQueue(mailer, { log, retryDelaysMs: [60_000] });
    queue.enqueue(mail('first@example.com')); // fails, then waits a minute
    await new Promise((resolve) => setTimeout(resolve, 40));
    queue.enqueue(mail('second@example.com')); // under way when closing starts
    const started = Date.now();
    await queue.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(mailer.sent.map((m) => m.to)).toEqual(['second@example.com']);
    expect(mailer.closed()).toBe(true);
    expect(log.lines.map((l) => l.msg)).toContain(
      'mail to first@example.com not sent: the server is shutting down',
    );
    queue.enqueue(mail('late@example.com'));
    expect(log.lines.at(-1)!.msg).toBe('mail not sent: the server has shut down');
  });

  it('drops mail past its limit rather than holding memory without bound', async () => {
    const mailer = flakyMailer(0, 20);
    const log = recordingLog();
    const queue = new MailQueue(mailer, { log, maxPending: 2 });
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com']) queue.enqueue(mail(to));
    await queue.idle();
    expect(mailer.sent.map((m) => m.to)).toEqual(['a@example.com', 'b@example.com']);
    expect(log.lines.at(-1)!.msg).toBe('mail not sent: 2 mails are waiting already');
  });
});
