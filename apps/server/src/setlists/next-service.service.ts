import type { NextService, NextServiceAnswer, ServiceReadiness } from '@segue/shared';
import type { StoredPosition } from '../db/schema.ts';
import type { Actor } from '../policy/actor.ts';
import { roleIn } from '../policy/actor.ts';
import { isTeamAdmin } from '../policy/policy.ts';
import type { SongsRepository } from '../songs/songs.repository.ts';
import type { NextServiceRepository } from './next-service.repository.ts';
import { entryOf } from './setlists.presenter.ts';

/** Today in UTC as YYYY-MM-DD: the day a caller that names none is taken to be on. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * How ready a service's band is: accepted positions out of assigned ones, and the declined
 * ones by name (pending and never-asked ones are not confirmed). Open positions are not
 * assigned, so they are not counted.
 */
export function readinessOf(positions: readonly StoredPosition[]): ServiceReadiness {
  const assigned = positions.filter((p) => Boolean(p.assignedTo));
  return {
    assigned: assigned.length,
    confirmed: assigned.filter((p) => p.status === 'accepted').length,
    declined: assigned.filter((p) => p.status === 'declined').map((p) => p.name),
  };
}

/**
 * The dashboard's next service (docs/DECISIONS.md, "Sunday-first dashboard"): read across the
 * caller's teams, so only setlists of teams they belong to are ever looked at; the readiness
 * of the band goes only to the team's owner and admins.
 */
export class NextServiceService {
  constructor(
    private readonly repo: NextServiceRepository,
    private readonly deps: { songs: SongsRepository },
  ) {}

  async next(actor: Actor, from?: string): Promise<NextServiceAnswer> {
    const userId = actor.userId;
    const found = await this.repo.next(userId, from ?? todayUtc());
    if (!found) return { service: null };
    const { setlist: row } = found;

    const entries = row.songs.map(entryOf);
    const songs = await this.deps.songs.findMany(row.teamId, [
      ...new Set(entries.map((e) => e.song)),
    ]);
    const byId = new Map(songs.map((s) => [s.id, s]));
    const role = roleIn({ createdBy: found.teamCreatedBy }, userId, found.memberRole);

    const service: NextService = {
      setlistId: row.id,
      name: row.name,
      date: row.date,
      startTime: row.startTime,
      teamId: row.teamId,
      teamName: found.teamName,
      positions: row.positions.flatMap((p, index) =>
        p.assignedTo === userId
          ? [{ index, name: p.name, ...(p.status ? { status: p.status } : {}) }]
          : [],
      ),
      // Entries whose song was deleted are left out, as the setlist view leaves them out.
      songs: entries.flatMap((e) => {
        const song = byId.get(e.song);
        if (!song) return [];
        return [
          {
            songId: song.id,
            title: song.title,
            key: e.key ?? song.key ?? null,
            youLead: e.leader === userId,
          },
        ];
      }),
      readiness: isTeamAdmin({ role }) ? readinessOf(row.positions) : null,
    };
    return { service };
  }
}
