import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import type { Team } from '@segue/shared';
import { errorMessage } from '../lib/api-client.ts';
import { useT } from '../lib/i18n/i18n.ts';
import { useCurrentTeam } from '../lib/teams/current-team.ts';
import { PageLoading } from './layout/page-loading.tsx';
import { NoTeamMessage } from './no-team-message.tsx';

/**
 * Renders its children only once a current team with an id exists (spec section 4): songs and
 * setlists are asked for that team alone. Until then a spinner, the teams' load error, or "No team
 * selected" with a way to the dashboard.
 */
export function CurrentTeamGate({ children }: { children: (team: Team) => ReactNode }) {
  const t = useT();
  const { currentTeam, isPending, error } = useCurrentTeam();
  if (isPending) return <PageLoading />;
  if (error) {
    return <Alert severity="error">{errorMessage(error, t('shell.failedToLoadTeams'))}</Alert>;
  }
  if (!currentTeam?._id) return <NoTeamMessage />;
  return children(currentTeam);
}
