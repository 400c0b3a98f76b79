import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { SERVER_ERRORS, ERROR_CODES } from '@segue/shared';
import type { AppContext } from '../app-context.ts';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.ts';
import type { RequestMeta } from './accounts.service.ts';
import type { AuthenticatedAccount } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    account: AuthenticatedAccount | null;
  }
}

/** Any signed-in account, verified or not (the account's own calls). */
export function requireAccount(ctx: AppContext): onRequestAsyncHookHandler {
  return async function (request: FastifyRequest, _reply: FastifyReply) {
    const account = await ctx.sessions.resolveRequest(request);
    if (!account) throw new UnauthorizedError(SERVER_ERRORS.unauthorized);
    request.account = account;
  };
}

/** A signed-in account whose e-mail is verified: the product API's gate. */
export function requireVerifiedAccount(ctx: AppContext): onRequestAsyncHookHandler {
  return async function (request: FastifyRequest, _reply: FastifyReply) {
    const account = await ctx.sessions.resolveRequest(request);
    if (!account) throw new UnauthorizedError(SERVER_ERRORS.unauthorized);
    if (!account.emailVerified) {
      throw new ForbiddenError(SERVER_ERRORS.verifyFirst, ERROR_CODES.emailNotVerified);
    }
    request.account = account;
  };
}

/**
 * What better-auth is told about a request: its cookies and user agent, and the
 * caller's address as Fastify resolved it (honouring TRUST_PROXY), not as the client claims.
 */
export function requestMeta(request: FastifyRequest): RequestMeta {
  const headers = new Headers();
  const cookie = request.headers.cookie;
  if (cookie) headers.set('cookie', cookie);
  const userAgent = request.headers['user-agent'];
  if (userAgent) headers.set('user-agent', userAgent);
  const origin = request.headers.origin;
  if (origin) headers.set('origin', origin);
  headers.set('x-forwarded-for', request.ip);
  return { ip: request.ip, headers };
}
