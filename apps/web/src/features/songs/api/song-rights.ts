import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { can, leadsSongAmong, SetlistSchema, teamFacts } from '@segue/shared';
import type { Setlist, Team, TeamRole } from '@segue/shared';
import { apiFetch } from '../../../lib/api-client.ts';

/** What the caller may do to one song of the library: the server's policy, asked here. */
export interface SongRights {
  mayEdit: boolean;
  mayDelete: boolean;
}

const NONE: SongRights = { mayEdit: false, mayDelete: false };

/**
 * Who may edit and delete each song, as the team's owner set it (docs/DECISIONS.md, "Who may
 * change the library and the plans"). Only when songs are the leaders' does a member's answer
 * depend on the song: then the team's setlists say which songs they lead (the same query as the
 * setlist list's, so it is shared).
 */
export function useSongRights(
  team: Team,
  role: TeamRole | null,
  userId: string | undefined,
): (songId: string) => SongRights {
  const byLeadership = role === 'member' && team.songEditors === 'leaders';
  const setlists = useQuery({
    queryKey: ['setlists', team._id, 'list'],
    queryFn: async ({ signal }): Promise<Setlist[]> =>
      SetlistSchema.array().parse(await apiFetch('/setlist', { signal })),
    enabled: byLeadership,
  });
  const data = setlists.data;
  return useMemo(() => {
    if (role === null || userId === undefined) return () => NONE;
    const facts = teamFacts(team);
    return (songId: string) => {
      const leadsSong = byLeadership && data !== undefined && leadsSongAmong(data, songId, userId);
      return {
        mayEdit: can({ role }, 'editSongs', { ...facts, leadsSong }),
        mayDelete: can({ role }, 'deleteSongs', { ...facts, leadsSong }),
      };
    };
  }, [role, userId, team, byLeadership, data]);
}
