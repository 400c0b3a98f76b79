import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import type { Team } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { PageLoading } from '../../../components/layout/page-loading.tsx';
import { useCurrentTeam } from '../../../lib/teams/current-team.ts';
import { NoTeamMessage } from '../../../components/no-team-message.tsx';
import { SETLIST_SCREEN_TEXTS } from './setlist-texts.ts';

/**
 * Renders its children only once a current team with an id exists (spec section 4): setlists
 * are asked for that team alone. Until then a spinner, the teams' load error, or "No team
 * selected" with a way to the dashboard.
 */
export function CurrentTeamGate({ children }: { children: (team: Team) => ReactNode }) {
  const { currentTeam, isPending, error } = useCurrentTeam();
  if (isPending) return <PageLoading />;
  if (error) {
    return (
      <Alert severity="error">{errorMessage(error, SETLIST_SCREEN_TEXTS.failedToLoadTeams)}</Alert>
    );
  }
  if (!currentTeam?._id) return <NoTeamMessage />;
  return children(currentTeam);
}
