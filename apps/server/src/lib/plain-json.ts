import type { FastifyReply } from 'fastify';

/**
 * Sends an answer serialized beforehand (a large, cached read: a song library, a
 * populated setlist) as it is. Its route keeps its zod response schema as the
 * contract; the bytes were made by our presenters, and checking every line of
 * every part again on the way out cost most of the request time.
 */
export function sendJsonBytes(reply: FastifyReply, body: Buffer) {
  return reply.type('application/json; charset=utf-8').send(body as never);
}

/** JSON bytes of a value, for sendJsonBytes. */
export const jsonBytes = (value: unknown) => Buffer.from(JSON.stringify(value));
