import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ComponentType } from 'react';
import Alert from '@mui/material/Alert';
import type { AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { TeamDetails } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { PageLoading } from '../../../components/layout/page-loading.tsx';
import { useCurrentTeam } from '../../../lib/teams/current-team.ts';
import { useTeamDetails } from '../api/teams.ts';
import { CcliTab } from './ccli-tab.tsx';
import { InvitationsTab } from './invitations-tab.tsx';
import { JoinRequestsTab } from './join-requests-tab.tsx';
import { MembersAndRolesTab } from './members-and-roles-tab.tsx';
import { TeamOverviewTab } from './team-overview-tab.tsx';
import { useT, type MessageId } from '../../../lib/i18n/i18n.ts';

const TABS = [
  { key: 'overview', label: 'teams.tabOverview', Panel: TeamOverviewTab },
  { key: 'join-requests', label: 'teams.tabJoinRequests', Panel: JoinRequestsTab },
  { key: 'members', label: 'teams.tabMembers', Panel: MembersAndRolesTab },
  { key: 'invitations', label: 'teams.tabInvitations', Panel: InvitationsTab },
  { key: 'ccli', label: 'teams.tabCcli', Panel: CcliTab },
] satisfies { key: string; label: MessageId; Panel: ComponentType<{ team: TeamDetails }> }[];

/** /teams: the current team's settings, for its admins. */
export function ManageTeamPage() {
  const t = useT();
  const { currentTeam, isAdmin, isPending, error } = useCurrentTeam();

  if (isPending) return <PageLoading />;
  if (error) {
    const text = errorMessage(error, t('teams.failedToLoadTeams'));
    return <PageMessage title={t('teams.manageTeam')} text={text} severity="error" />;
  }
  if (!currentTeam) {
    return <PageMessage title={t('teams.manageTeam')} text={t('teams.noTeamSelected')} />;
  }
  if (!isAdmin) {
    return (
      <PageMessage
        title={t('teams.accessDenied')}
        text={t('teams.mustBeAdmin')}
        severity="warning"
      />
    );
  }
  // Keyed by team: switching teams starts again on the Overview tab.
  return <TeamSettings key={currentTeam._id} teamId={currentTeam._id} />;
}

function TeamSettings({ teamId }: { teamId: string }) {
  const t = useT();
  const details = useTeamDetails(teamId);
  // `?tab=invitations` opens a tab by its key (the dashboard's "Invite people" links there).
  const [searchParams, setSearchParams] = useSearchParams();
  const named = TABS.findIndex(({ key }) => key === searchParams.get('tab'));
  const [tab, setTab] = useState(named === -1 ? 0 : named);
  const chooseTab = (index: number) => {
    setTab(index);
    setSearchParams({ tab: TABS[index]?.key ?? 'overview' }, { replace: true });
  };

  if (details.isPending) return <PageLoading />;
  if (!details.data) {
    const text = errorMessage(details.error, t('teams.failedToLoadTeam'));
    return <PageMessage title={t('teams.manageTeam')} text={text} severity="error" />;
  }

  const team = details.data;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
        {team.name}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_event, value: number) => chooseTab(value)}
        aria-label={t('teams.teamSettings')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {TABS.map(({ key, label }) => (
          <Tab
            key={key}
            label={t(label)}
            id={`team-tab-${key}`}
            aria-controls={`team-panel-${key}`}
          />
        ))}
      </Tabs>
      {TABS.map(({ key, Panel }, index) => (
        <Box
          key={key}
          role="tabpanel"
          id={`team-panel-${key}`}
          aria-labelledby={`team-tab-${key}`}
          hidden={tab !== index}
        >
          {tab === index && <Panel team={team} />}
        </Box>
      ))}
    </Container>
  );
}

interface PageMessageProps {
  title: string;
  text: string;
  severity?: AlertColor;
}

/** What /teams shows instead of the settings: no team, no access, or a load failure. */
function PageMessage({ title, text, severity = 'info' }: PageMessageProps) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Alert severity={severity}>{text}</Alert>
    </Container>
  );
}
