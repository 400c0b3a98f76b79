import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TEXTS, firstName } from '@segue/shared';
import { errorMessage } from '../../lib/api-client.ts';
import { PageLoading } from '../../components/layout/page-loading.tsx';
import { useCurrentAccount } from '../../lib/session/current-account.ts';
import { useCurrentTeam } from '../../lib/teams/current-team.ts';
import { ActiveTeamCard } from '../../features/teams/components/active-team-card.tsx';
import { TeamSelector } from '../../features/teams/components/team-selector.tsx';
import { PendingJoinRequests } from '../../features/teams/components/pending-join-requests.tsx';
import { UpcomingSetlists } from '../../features/setlists/components/upcoming-setlists.tsx';
import { YourAssignments } from '../../features/setlists/components/your-assignments.tsx';
import { NextServiceCard } from './next-service-card.tsx';
import { NextStepsCard } from './next-steps-card.tsx';
import { NoTeamCard } from './no-team-card.tsx';
import { useT } from '../../lib/i18n/i18n.ts';

export function DashboardPage() {
  const t = useT();
  const { account } = useCurrentAccount();
  const first = firstName(account?.name);
  const { teams, currentTeam, selectTeam, isAdmin, isPending, error, refetch } = useCurrentTeam();
  const hasTeam = !isPending && !error && currentTeam !== null;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 5 } }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
        {t('dashboard.welcome', {
          // A name-less account is greeted with the spec's fallback, in the active language.
          name: first === TEXTS.fallbackFirstName ? t('dashboard.fallbackFirstName') : first,
        })}
      </Typography>
      {/* Sunday first (docs/DECISIONS.md, "Sunday-first dashboard"): the next service the user
          plays in, then the team section, the lists, and last the ways to other teams. */}
      <Stack spacing={3}>
        {hasTeam && account && <NextServiceCard key={account.$id} />}
        {isPending ? (
          <PageLoading />
        ) : error ? (
          <Alert
            severity="error"
            sx={{ maxWidth: 560 }}
            action={
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                {t('shell.retry')}
              </Button>
            }
          >
            {errorMessage(error, t('dashboard.failedToLoadTeams'))}
          </Alert>
        ) : currentTeam ? (
          <>
            {/* A column that stretches it on a phone, so a long team name shortens instead
                of widening the page. */}
            <Stack sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
              <TeamSelector teams={teams} currentTeam={currentTeam} onSelect={selectTeam} />
            </Stack>
            <ActiveTeamCard team={currentTeam} />
            <NextStepsCard key={currentTeam._id} teamId={currentTeam._id} isAdmin={isAdmin} />
          </>
        ) : (
          // Without a team, the no-team card explains the two ways in and holds their buttons.
          <NoTeamCard />
        )}
        <PendingJoinRequests />
        {/* Answers asked of the user, in all their teams. */}
        {!isPending && !error && account && <YourAssignments key={account.$id} />}
        {hasTeam && account && (
          <UpcomingSetlists key={currentTeam._id} teamId={currentTeam._id} userId={account.$id} />
        )}
        {hasTeam && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
          >
            <Button component={RouterLink} to="/join" variant="outlined">
              {t('dashboard.findATeam')}
            </Button>
            <Button component={RouterLink} to="/create" variant="outlined">
              {t('dashboard.createATeam')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
