import { safeFileName } from '@segue/shared';
import type { StoredSetlistEntry, StoredSetlistItem } from '../db/schema.ts';
import { icsCalendar, type IcsEvent } from '../lib/ics.ts';
import type { MailAttachment } from '../lib/mailer.ts';
import type { SongRow, SongsRepository } from '../songs/songs.repository.ts';
import type { TeamsRepository } from '../teams/teams.repository.ts';
import { entryOf } from './setlists.presenter.ts';

/**
 * What a mail or a calendar says of a service (docs/DECISIONS.md, "Assignment mails,
 * reminders and the calendar feed"): its day, start time, team and songs with their keys.
 */
export interface ServiceFacts {
  setlistId: string;
  setlistName: string;
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, or null. */
  startTime: string | null;
  teamName: string;
  /** In the setlist's order, each in its key for this service (the entry's, else the song's). */
  songs: { title: string; key: string | null; leader: string | null }[];
  /** The order of service's length in minutes, when any entry has a duration. */
  lengthMinutes: number | null;
}

/** The setlist columns the facts are read from. */
export interface ServiceRow {
  id: string;
  name: string;
  date: string;
  startTime: string | null;
  songs: StoredSetlistEntry[];
  items: StoredSetlistItem[];
}

/** How long a timed event lasts in a calendar when no entry of the setlist has a duration. */
export const DEFAULT_EVENT_MINUTES = 90;

/** The facts of a setlist, given its team's name and its songs (those deleted are left out). */
export function serviceFacts(
  row: ServiceRow,
  teamName: string,
  songs: ReadonlyMap<string, Pick<SongRow, 'title' | 'key'>>,
): ServiceFacts {
  const entries = row.songs.map(entryOf);
  const listed = entries.flatMap((e) => {
    const song = songs.get(e.song);
    return song ? [{ title: song.title, key: e.key ?? song.key ?? null, leader: e.leader }] : [];
  });
  const seconds = [
    ...entries.filter((e) => songs.has(e.song)).map((e) => e.duration),
    ...row.items.map((i) => i.duration),
  ].reduce<number>((sum, d) => sum + (d ?? 0), 0);
  return {
    setlistId: row.id,
    setlistName: row.name,
    date: row.date,
    startTime: row.startTime,
    teamName,
    songs: listed,
    lengthMinutes: seconds > 0 ? Math.ceil(seconds / 60) : null,
  };
}

/** "1. Amazing Grace (key G)" per song, or a line saying there are none yet. */
export function songLines(facts: ServiceFacts): string[] {
  if (facts.songs.length === 0) return ['No songs chosen yet.'];
  return facts.songs.map((s, i) => `${i + 1}. ${s.title}${s.key ? ` (key ${s.key})` : ''}`);
}

/** The service as a calendar event: the same UID in a mail's file and in the feed. */
export function serviceEvent(
  facts: ServiceFacts,
  what: { positions: string[]; leads?: string[]; appUrl: string },
): IcsEvent {
  const host = safeHost(what.appUrl);
  const lines: string[] = [];
  if (what.positions.length > 0) lines.push(`Your positions: ${what.positions.join(', ')}`);
  if (what.leads && what.leads.length > 0) lines.push(`You lead: ${what.leads.join(', ')}`);
  lines.push('Songs:', ...songLines(facts));
  const url = `${what.appUrl}/setlists/view/${encodeURIComponent(facts.setlistId)}`;
  lines.push('', url);
  return {
    uid: `setlist-${facts.setlistId}@${host}`,
    date: facts.date,
    startTime: facts.startTime,
    durationMinutes: facts.lengthMinutes ?? DEFAULT_EVENT_MINUTES,
    summary: `${facts.teamName}: ${facts.setlistName}`,
    description: lines.join('\n'),
    url,
  };
}

/** The .ics file an assignment mail or a reminder carries. */
export function serviceAttachment(
  facts: ServiceFacts,
  what: { positions: string[]; appUrl: string },
  stamp: Date,
): MailAttachment {
  return {
    filename: safeFileName(`${facts.setlistName}.ics`, 'service.ics'),
    content: icsCalendar([serviceEvent(facts, what)], { stamp, method: 'PUBLISH' }),
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
  };
}

function safeHost(appUrl: string): string {
  try {
    return new URL(appUrl).host || 'segue';
  } catch {
    return 'segue';
  }
}

/** Reads what `serviceFacts` needs beside the setlist: its team's name and its songs. */
export class ServiceFactsReader {
  constructor(
    private readonly deps: {
      teams: Pick<TeamsRepository, 'namesOf'>;
      songs: Pick<SongsRepository, 'findMany'>;
    },
  ) {}

  /** The facts of setlists of any teams, in their order. */
  async read(rows: readonly (ServiceRow & { teamId: string })[]): Promise<ServiceFacts[]> {
    if (rows.length === 0) return [];
    const teamIds = [...new Set(rows.map((r) => r.teamId))];
    const names = await this.deps.teams.namesOf(teamIds);
    const songsByTeam = new Map<string, Map<string, SongRow>>();
    for (const teamId of teamIds) {
      const ids = [
        ...new Set(
          rows
            .filter((r) => r.teamId === teamId)
            .flatMap((r) => r.songs.map((e) => entryOf(e).song)),
        ),
      ];
      const found = await this.deps.songs.findMany(teamId, ids);
      songsByTeam.set(teamId, new Map(found.map((s) => [s.id, s])));
    }
    return rows.map((r) =>
      serviceFacts(r, names.get(r.teamId) ?? '', songsByTeam.get(r.teamId) ?? new Map()),
    );
  }
}
