import { isLocale } from '@segue/shared';
import type { Account, SessionAnswer, SetlistDetails } from '@segue/shared';

// The shell checks the few answers it reads on every page by hand: zod stays out of
// the first load (it is about a third of it) and comes with the forms that need it.

function fail(what: string): never {
  throw new Error(`Unexpected answer from the server: ${what}`);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The current account (AccountSchema's shape), checked field by field. */
export function readAccount(value: unknown): Account {
  if (!isRecord(value)) fail('account');
  const { $id, name, email, emailVerification, phone, teams, locale } = value;
  if (
    typeof $id !== 'string' ||
    typeof name !== 'string' ||
    typeof email !== 'string' ||
    typeof emailVerification !== 'boolean' ||
    typeof phone !== 'string' ||
    !Array.isArray(teams) ||
    !teams.every((t) => typeof t === 'string')
  ) {
    fail('account');
  }
  return {
    $id,
    name,
    email,
    emailVerification,
    phone,
    teams: teams as string[],
    // Beyond the spec's User: the account's language, when it chose one Segue speaks; without
    // it the browser's is followed.
    ...(isLocale(locale) ? { locale } : {}),
  };
}

export function readJwt(value: unknown): string {
  if (!isRecord(value) || typeof value.jwt !== 'string' || !value.jwt) fail('token');
  return value.jwt;
}

export function readSessionAnswer(value: unknown): SessionAnswer {
  if (!isRecord(value)) fail('session');
  return { user: readAccount(value.user), jwt: readJwt(value) };
}

/**
 * A populated setlist for the live and presenter views: the fields they read are
 * checked, so a surprise from the server shows as an error, not a broken screen.
 */
export function readSetlistDetails(value: unknown): SetlistDetails {
  if (!isRecord(value) || typeof value._id !== 'string' || typeof value.teamId !== 'string')
    fail('setlist');
  const songs = value.songs;
  if (!Array.isArray(songs)) fail('setlist songs');
  for (const entry of songs) {
    if (!isRecord(entry) || !isRecord(entry.song) || !Array.isArray(entry.song.parts))
      fail('setlist song');
    for (const part of entry.song.parts as unknown[]) {
      if (!isRecord(part) || typeof part.label !== 'string' || !Array.isArray(part.lines))
        fail('song part');
    }
  }
  if (typeof value.currentIndex !== 'number') fail('setlist state');
  return value as unknown as SetlistDetails;
}
