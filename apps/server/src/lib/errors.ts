import { SERVER_ERRORS } from '@segue/shared';

/** An error whose message is safe to show the caller, with the HTTP status it maps to. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends HttpError {
  constructor(message: string) {
    super(400, message, 'validation');
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message: string) {
    super(401, message, 'unauthorized');
  }
}

export class ForbiddenError extends HttpError {
  constructor(message: string, code?: string) {
    super(403, message, code);
  }
}

/** Also the answer for things that exist but belong to someone else. */
export class NotFoundError extends HttpError {
  constructor(message = 'Not found.') {
    super(404, message, 'not_found');
  }
}

export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message, 'conflict');
  }
}

/** Something that existed and can no longer be used (an expired, withdrawn or used invitation). */
export class GoneError extends HttpError {
  constructor(message: string) {
    super(410, message, 'gone');
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message, 'rate_limited');
  }
}

/** A passing outage (Redis out of reach): nothing was done, and the caller may try again. */
export class ServiceUnavailableError extends HttpError {
  constructor(message: string = SERVER_ERRORS.unavailable) {
    super(503, message, 'unavailable');
  }
}

/** PostgreSQL's class 22 (data exception): values the database cannot take, such as a NUL byte. */
export function isInvalidDatabaseInput(error: unknown): boolean {
  for (
    let e: unknown = error, depth = 0;
    e && depth < 4;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

/** A body past a limit the caller can see (a recording over 50 MB, a team's quota). */
export class PayloadTooLargeError extends HttpError {
  constructor(message: string) {
    super(413, message, 'too_large');
  }
}
