import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { can, teamRoleOf, type Team } from '@segue/shared';
import { selectedTeamId } from '../storage.ts';
import { useCurrentAccount } from '../session/current-account.ts';
import { fetchTeams, teamKeys } from './teams.ts';

/** Makes a team the current one; every API call then names it in X-Team-ID. */
export function selectTeam(teamId: string | null): void {
  if (teamId) selectedTeamId.set(teamId);
  else selectedTeamId.clear();
}

/**
 * The selected team (spec section 4) and the logged-in user's place in it. `currentTeam` is
 * null while the teams load (`isPending`) and when the user has none.
 */
export function useCurrentTeam() {
  const { account } = useCurrentAccount();
  const loggedIn = account?.emailVerification === true;
  const query = useQuery({ queryKey: teamKeys.list(), queryFn: fetchTeams, enabled: loggedIn });
  const selectedId = useSyncExternalStore(selectedTeamId.subscribe, selectedTeamId.get);

  const teams: Team[] = (loggedIn && query.data) || [];
  // fetchTeams keeps the selection among the teams; right after leaving or deleting a team the
  // list may still hold it until the refetch, but the selection has already moved on.
  const currentTeam = teams.find((team) => team._id === selectedId) ?? null;
  const userId = account?.$id;
  const role = currentTeam && userId ? teamRoleOf(currentTeam, userId) : null;
  const isOwner = role === 'owner';
  const isAdmin = role !== null && can({ role }, 'manageMembers');

  return {
    teams,
    currentTeam,
    selectTeam,
    /** The logged-in user's role in the current team, for `can` (null without one). */
    role,
    isAdmin,
    isOwner,
    /** The logged-in user's id, for "is this me" checks in member lists. */
    userId,
    isPending: loggedIn && query.isPending,
    /** Why the teams could not be loaded; null while earlier results are still shown. */
    error: query.data ? null : query.error,
    refetch: query.refetch,
  };
}
