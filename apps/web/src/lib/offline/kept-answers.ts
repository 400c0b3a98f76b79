import { PersonSchema, SetlistDetailsSchema, SongMediaSchema, TeamSchema } from '@segue/shared';
import type { Setlist } from '@segue/shared';
import { readAccount } from '../answers.ts';
import { offlineDataKept, offlineKeeping, offlineRecordings } from '../storage.ts';
import type { KeptCall } from './kept-paths.ts';
import {
  keepAccount,
  keepPeople,
  keepSetlist,
  keepTeams,
  keptAccount,
  keptMedia,
  keptPeople,
  keptSetlist,
  keptSetlistsOf,
  keptTeams,
  refreshKeptMedia,
} from './kept-data.ts';

// The API client's side of the kept data. Answers the server gave are kept (when
// the device keeps data); when the server cannot be reached, the kept copy answers instead,
// in the shape the server would have used, for the team the call names.

/** A kept answer and when it was kept. */
export interface KeptAnswer {
  body: unknown;
  keptAt: number;
}

function idsOf(requestBody: unknown): string[] {
  const ids = (requestBody as { ids?: unknown } | undefined)?.ids;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/** Keeps what the server answered to a call the device keeps. */
export async function rememberAnswer(
  call: KeptCall,
  teamId: string | null,
  body: unknown,
): Promise<void> {
  // A team the user left is forgotten even when keeping was turned off after data was kept.
  if (call.kind === 'teams' && (offlineKeeping.get() || offlineDataKept.get())) {
    const teams = TeamSchema.array().safeParse(body);
    if (teams.success) await keepTeams(teams.data);
    return;
  }
  if (!offlineKeeping.get()) return;
  switch (call.kind) {
    case 'account': {
      const account = readAccount(body);
      if (account.emailVerification) await keepAccount(account);
      return;
    }
    case 'setlist': {
      // A setlist opened online is kept too, not only the week's.
      const details = SetlistDetailsSchema.safeParse(body);
      if (details.success && (await keptAccount())) await keepSetlist(details.data);
      return;
    }
    case 'people': {
      const people = PersonSchema.array().safeParse(body);
      if (teamId && people.success && (await keptAccount())) await keepPeople(teamId, people.data);
      return;
    }
    case 'media': {
      // Kept fresh (marks saved, a recording added) when the practice keeper keeps this song's.
      if (!offlineRecordings.get() || !teamId) return;
      const media = SongMediaSchema.safeParse(body);
      if (media.success) await refreshKeptMedia(teamId, call.songId, media.data);
      return;
    }
    default:
      return;
  }
}

/** The kept answer to a call, or undefined when the device keeps none for it. */
export async function answerFromCopy(
  call: KeptCall,
  teamId: string | null,
  requestBody: unknown,
): Promise<KeptAnswer | undefined> {
  switch (call.kind) {
    case 'account': {
      const kept = await keptAccount();
      return kept && { body: kept.account, keptAt: kept.keptAt };
    }
    case 'teams': {
      const kept = await keptTeams();
      return kept && { body: kept.teams, keptAt: kept.keptAt };
    }
    case 'setlists': {
      const teams = await keptTeams();
      if (!teamId || !teams?.teams.some((team) => team._id === teamId)) return undefined;
      const setlists = await keptSetlistsOf(teamId);
      // As the server lists them: newest date first.
      const body: Setlist[] = setlists
        .map(({ details }) => ({
          ...details,
          // A copy kept before setlists had durations (or tempos) has none.
          songs: details.songs.map(({ song, leader, key, duration, tempo }) => ({
            song: song._id,
            leader,
            key,
            duration: duration ?? null,
            tempo: tempo ?? null,
          })),
        }))
        .sort((a, b) => b.date.localeCompare(a.date));
      return { body, keptAt: Math.min(teams.keptAt, ...setlists.map((s) => s.keptAt)) };
    }
    case 'setlist': {
      const kept = await keptSetlist(call.id);
      return kept && kept.teamId === teamId
        ? { body: kept.details, keptAt: kept.keptAt }
        : undefined;
    }
    case 'song': {
      if (!teamId) return undefined;
      for (const setlist of await keptSetlistsOf(teamId)) {
        const entry = setlist.details.songs.find(({ song }) => song._id === call.id);
        if (entry) return { body: entry.song, keptAt: setlist.keptAt };
      }
      return undefined;
    }
    case 'media': {
      const kept = await keptMedia(call.songId);
      return kept && kept.teamId === teamId ? { body: kept.media, keptAt: kept.keptAt } : undefined;
    }
    case 'people': {
      if (!teamId) return undefined;
      const wanted = new Set(idsOf(requestBody));
      const people = (await keptPeople(teamId)).filter((person) => wanted.has(person.$id));
      const teams = await keptTeams();
      return teams && { body: people, keptAt: teams.keptAt };
    }
  }
}
