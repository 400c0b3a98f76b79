import { SetlistDetailsSchema, SetlistSchema, TeamSchema } from '@segue/shared';
import type { Account } from '@segue/shared';
import { apiFetch } from '../api-client.ts';
import { offlineKeeping, offlineRecordings } from '../storage.ts';
import { localDay } from '../local-day.ts';
import { forgetSetlists, keepAccount, keptSetlists, keptSetlistsOf } from './kept-data.ts';
import { keepRecordings } from './keep-recordings.ts';
import type { PracticeSetlist } from './keep-recordings.ts';

// After sign-in, and whenever the app opens online, the device keeps every setlist of
// the user's teams from yesterday to 14 days ahead with all their songs, and the team's people;
// on request, their songs' recordings too (keep-recordings.ts).
// The API client keeps each answer as it comes (kept-answers.ts); this asks for them.

const DAY_MS = 24 * 60 * 60 * 1000;
/** The kept window: yesterday (a late-night service) to two weeks ahead. */
export const KEEP_DAYS_BEFORE = 1;
export const KEEP_DAYS_AHEAD = 14;
/** A setlist opened online stays this long after its day has passed. */
const OPENED_KEPT_MS = 7 * DAY_MS;
/** `POST /api/users/batch` takes at most this many ids. */
const PEOPLE_BATCH = 500;

/** The days a device keeps, YYYY-MM-DD, inclusive. */
export function keptWindow(now: Date): { from: string; to: string } {
  return {
    from: localDay(new Date(now.getTime() - KEEP_DAYS_BEFORE * DAY_MS)),
    to: localDay(new Date(now.getTime() + KEEP_DAYS_AHEAD * DAY_MS)),
  };
}

let running: Promise<void> | null = null;

/** Brings the kept copy up to date; one run at a time. */
export function keepTheWeek(account: Account, now = new Date()): Promise<void> {
  running ??= keep(account, now).finally(() => {
    running = null;
  });
  return running;
}

async function keep(account: Account, now: Date): Promise<void> {
  if (!offlineKeeping.get()) return;
  await keepAccount(account);
  // Kept as it comes: a team the user left is forgotten with its setlists and people.
  const teams = TeamSchema.array().parse(await apiFetch('/teams'));
  const { from, to } = keptWindow(now);
  // Read from the answers here: the API client keeps them a little later.
  const practice: PracticeSetlist[] = [];
  for (const team of teams) {
    const teamId = team._id;
    const listed = SetlistSchema.array().parse(await apiFetch('/setlist', { teamId }));
    const ids = new Set(listed.map((setlist) => setlist._id));
    const kept = await keptSetlistsOf(teamId);
    await forgetSetlists(
      kept
        .filter(
          (setlist) =>
            !ids.has(setlist.id) ||
            (setlist.day < from && now.getTime() - setlist.keptAt > OPENED_KEPT_MS),
        )
        .map((setlist) => setlist.id),
    );
    for (const setlist of listed) {
      const day = setlist.date.split('T')[0] ?? setlist.date;
      if (day < from || day > to) continue;
      const details = SetlistDetailsSchema.safeParse(
        await apiFetch(`/setlist/${encodeURIComponent(setlist._id)}`, { teamId }),
      );
      if (details.success) practice.push(practiceSetlist(teamId, day, details.data.songs));
    }
    for (let i = 0; i < team.members.length; i += PEOPLE_BATCH) {
      const ids = team.members.slice(i, i + PEOPLE_BATCH);
      await apiFetch('/users/batch', { method: 'POST', body: { ids }, teamId });
    }
  }
  if (offlineRecordings.get()) await keepRecordings(practice, localDay(now));
}

function practiceSetlist(
  teamId: string,
  day: string,
  songs: readonly { song: { _id: string } }[],
): PracticeSetlist {
  return { teamId, day, songIds: songs.map((entry) => entry.song._id) };
}

/**
 * Keeps the recordings of the setlists already kept for the window (keeping them was just
 * turned on); the week's next run keeps them up to date.
 */
export async function keepTheWeeksRecordings(now = new Date()): Promise<void> {
  const { from, to } = keptWindow(now);
  const setlists = (await keptSetlists()).filter((s) => s.day >= from && s.day <= to);
  await keepRecordings(
    setlists.map((s) => practiceSetlist(s.teamId, s.day, s.details.songs)),
    localDay(now),
  );
}
