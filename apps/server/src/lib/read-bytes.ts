import { ValidationError } from './errors.ts';

/**
 * A Fastify content-type parser that keeps a request's body as its bytes, whatever its content
 * type (a song file, an image), and refuses it with a 400 saying `tooLarge` once it passes
 * `limit` bytes, without keeping the rest: a file too large is the user's input, said as such,
 * not Fastify's 413.
 */
export function readBytes(limit: number, tooLarge: string) {
  return (
    _request: unknown,
    payload: NodeJS.ReadableStream,
    done: (e: Error | null, b?: Buffer) => void,
  ) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const finish = (error: Error | null, body?: Buffer) => {
      if (finished) return;
      finished = true;
      done(error, body);
    };
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        finish(new ValidationError(tooLarge));
        payload.removeAllListeners('data');
        payload.resume();
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => finish(null, Buffer.concat(chunks)));
    payload.on('error', (error: Error) => finish(error));
  };
}
