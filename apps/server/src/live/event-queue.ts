import { LIVE_TEXTS } from '@segue/shared';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError, isInvalidDatabaseInput } from '../lib/errors.ts';
import { LiveError, type LiveSocket } from './live-socket.ts';

export type Ack = ((answer: unknown) => void) | undefined;

/**
 * Wraps a socket's event handlers: each event is taken from the socket's and its account's
 * budgets (a flood is answered "slow down"), and one socket's events run one after another,
 * in the order sent: a song change followed at once by a part change must not overtake each
 * other. An event that finds none before it still under way starts at once, so a step is
 * usually made and sent in the tick it arrived. A handler's refusal (a LiveError, or the
 * policy's HttpError) is said on the ack, or as `live:error` when the sender asked for none.
 */
export function eventQueue(socket: LiveSocket, logger: FastifyBaseLogger) {
  let queue: Promise<void> = Promise.resolve();
  let underWay = 0;
  const refuse = (ack: Ack, message: string) => {
    if (ack) ack({ ok: false, error: message });
    else socket.emit('live:error', { message });
  };

  return (handler: (payload: unknown, ack: Ack) => Promise<void>) =>
    (...args: unknown[]) => {
      // socket.io puts the acknowledgement last; whatever else came after the payload is ignored.
      const last = args.at(-1);
      const ack = typeof last === 'function' ? (last as NonNullable<Ack>) : undefined;
      // Both budgets are always taken from, so a flood spent on one drains the other too.
      const withinSocket = socket.data.bucket.take();
      const withinAccount = socket.data.accountBucket.take();
      if (!withinSocket || !withinAccount) return refuse(ack, LIVE_TEXTS.slowDown);
      const run = () =>
        handler(ack && args.length === 1 ? undefined : args[0], ack)
          .catch((error: unknown) => {
            const known = error instanceof LiveError || error instanceof HttpError;
            // A value the database cannot take (class 22) is the sender's mistake, not ours.
            if (!known && !isInvalidDatabaseInput(error)) {
              logger.error({ err: error }, 'live event failed');
            }
            refuse(ack, known ? error.message : LIVE_TEXTS.invalid);
          })
          .finally(() => {
            underWay -= 1;
          });
      underWay += 1;
      queue = underWay === 1 ? run() : queue.then(run);
    };
}
