import type { FastifyRequest } from 'fastify';
import { requestLocale } from '../mails/mail-locale.ts';
import type { RequestMeta } from './accounts.service.ts';

/**
 * What better-auth is told about a request: its cookies and user agent, and the
 * caller's address as Fastify resolved it (honouring TRUST_PROXY), not as the client claims;
 * and, for the mails to the caller, the language the request asks for.
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
  return { ip: request.ip, headers, locale: requestLocale(request) };
}
