import type { Mail, Mailer } from './mailer.ts';

interface MailQueueLog {
  warn(obj: unknown, msg: string): void;
  error(obj: unknown, msg: string): void;
}

export interface MailQueueOptions {
  log: MailQueueLog;
  /** The waits before each retry of a failed mail; their number is the number of retries. */
  retryDelaysMs?: readonly number[];
  /** How long closing waits for mails and background work under way. */
  drainTimeoutMs?: number;
  /** Mails and background jobs held at once; past that, new ones are dropped (and logged). */
  maxPending?: number;
}

/** 1 s, 5 s, 30 s: a mail server that hiccups or restarts gets about half a minute. */
const MAIL_RETRY_DELAYS_MS = [1_000, 5_000, 30_000] as const;

const describe = (mail: Mail) => ({ to: mail.to, subject: mail.subject });

/**
 * Sends mail beside the requests instead of inside them: a failed mail is logged
 * and tried again a few times, and a caller that must answer alike whatever
 * happens to the mail (forgot password, resend verification) hands its whole
 * job here and answers at once. It is a Mailer too: `send` is one plain attempt
 * that throws, for a caller who tells the person when a mail failed.
 *
 * Mails are held in memory: a mail still waiting for a retry when the process
 * stops is given up (and logged).
 */
export class MailQueue implements Mailer {
  private readonly jobs = new Set<Promise<void>>();
  private readonly waits = new Set<{ timer: NodeJS.Timeout; done: (go: boolean) => void }>();
  private readonly retryDelaysMs: readonly number[];
  private readonly drainTimeoutMs: number;
  private readonly maxPending: number;
  /** No more retries; mails asked for until `closed` still get their one try. */
  private closing = false;
  private closed = false;

  constructor(
    private readonly mailer: Mailer,
    private readonly options: MailQueueOptions,
  ) {
    this.retryDelaysMs = options.retryDelaysMs ?? MAIL_RETRY_DELAYS_MS;
    this.drainTimeoutMs = options.drainTimeoutMs ?? 5_000;
    this.maxPending = options.maxPending ?? 1_000;
  }

  /** One attempt, now; throws when it fails. Nothing is retried. */
  async send(mail: Mail): Promise<void> {
    await this.mailer.send(mail);
  }

  /** Sends in the background, retrying failures; returns at once. */
  enqueue(mail: Mail): void {
    void this.deliver(mail);
  }

  /**
   * Tries once now and resolves when that try is over, sent or not; a failure is
   * left to the background retries. Never throws.
   */
  deliver(mail: Mail): Promise<void> {
    const { promise: over, resolve: firstTryOver } = withResolvers();
    if (!this.track(() => this.sendWithRetries(mail, firstTryOver), describe(mail))) firstTryOver();
    return over;
  }

  /**
   * Runs a job (a lookup, a link, then its mail) after the current request, so the
   * request's answer and its timing do not depend on it. A failure is logged.
   */
  defer(what: string, job: () => Promise<void>): void {
    this.track(
      async () => {
        // Let the request answer first: the job starts once the current I/O is done.
        await new Promise<void>((resolve) => setImmediate(resolve));
        try {
          await job();
        } catch (error) {
          this.options.log.error({ err: error }, `${what} failed in the background`);
        }
      },
      { job: what },
    );
  }

  /** Resolves once no mail or job is under way or waiting for a retry (tests wait on it). */
  async idle(): Promise<void> {
    while (this.jobs.size > 0) await Promise.allSettled([...this.jobs]);
  }

  /**
   * Gives up the retries still waiting, waits (at most drainTimeoutMs) for the
   * mails and jobs under way, each mail getting one try, then closes the mailer.
   */
  async close(): Promise<void> {
    this.closing = true;
    for (const wait of [...this.waits]) {
      clearTimeout(wait.timer);
      wait.done(false);
    }
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.drainTimeoutMs);
    });
    const outcome = await Promise.race([this.idle(), timedOut]);
    clearTimeout(timer);
    this.closed = true;
    if (outcome === 'timeout') {
      this.options.log.error(
        { pending: this.jobs.size },
        'closing with mail still being sent: it may not arrive',
      );
    }
    this.mailer.close();
  }

  private track(run: () => Promise<void>, about: object): boolean {
    if (this.closed) {
      this.options.log.error(about, 'mail not sent: the server has shut down');
      return false;
    }
    if (this.jobs.size >= this.maxPending) {
      this.options.log.error(about, `mail not sent: ${this.maxPending} mails are waiting already`);
      return false;
    }
    const job = run().finally(() => this.jobs.delete(job));
    this.jobs.add(job);
    return true;
  }

  private async sendWithRetries(mail: Mail, firstTryOver: () => void) {
    const attempts = this.retryDelaysMs.length + 1;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.mailer.send(mail);
        firstTryOver();
        return;
      } catch (error) {
        firstTryOver();
        const delay = this.retryDelaysMs[attempt - 1];
        if (delay === undefined) {
          this.options.log.error(
            { err: error, mail: describe(mail), attempt },
            `mail to ${mail.to} not sent after ${attempts} attempts; giving up`,
          );
          return;
        }
        this.options.log.warn(
          { err: error, mail: describe(mail), attempt },
          `mail to ${mail.to} not sent; trying again in ${delay / 1000} s`,
        );
        if (!(await this.wait(delay))) {
          this.options.log.error(
            { mail: describe(mail), attempt },
            `mail to ${mail.to} not sent: the server is shutting down`,
          );
          return;
        }
      }
    }
  }

  /** Resolves true after `ms`, or false as soon as the queue closes. */
  private wait(ms: number): Promise<boolean> {
    if (this.closing) return Promise.resolve(false);
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => entry.done(true), ms),
        done: (go: boolean) => {
          this.waits.delete(entry);
          resolve(go);
        },
      };
      // A retry alone must not keep the process alive.
      entry.timer.unref();
      this.waits.add(entry);
    });
  }
}

/** A promise and its resolve function (Promise.withResolvers, which Node 20 lacks). */
function withResolvers(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}
