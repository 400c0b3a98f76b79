import { useMemo } from 'react';
import { can, leadsSongIn, teamFacts } from '@segue/shared';
import { useCurrentTeam } from '../../../lib/teams/current-team.ts';

/** What the caller may do to one setlist: the server's policy, asked here. */
export interface SetlistRights {
  mayEdit: boolean;
  mayDelete: boolean;
}

/**
 * Who may edit and delete a setlist, as the team's owner set it (docs/DECISIONS.md, "Who may
 * change the library and the plans"): a leader is whoever leads a song of it, as saved.
 */
export function useSetlistRights(): (setlist: {
  songs: readonly { leader: string | null }[];
}) => SetlistRights {
  const { currentTeam, role, userId } = useCurrentTeam();
  return useMemo(() => {
    if (!currentTeam || role === null || userId === undefined) {
      return () => ({ mayEdit: false, mayDelete: false });
    }
    const facts = teamFacts(currentTeam);
    return (setlist) => {
      const leadsSong = leadsSongIn(setlist, userId);
      return {
        mayEdit: can({ role }, 'editSetlists', { ...facts, leadsSong }),
        mayDelete: can({ role }, 'deleteSetlists', { ...facts, leadsSong }),
      };
    };
  }, [currentTeam, role, userId]);
}
