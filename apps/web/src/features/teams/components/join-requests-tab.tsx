import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Person, TeamDetails } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useDecideJoinRequest, useJoinRequests } from '../api/join-requests.ts';
import type { JoinRequestDecision } from '../api/join-requests.ts';
import { AddMemberForm } from './add-member-form.tsx';
import { personLabel } from './team-texts.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

/** Join Requests: add someone by e-mail, and approve or deny the people who asked to join. */
export function JoinRequestsTab({ team }: { team: TeamDetails }) {
  const t = useT();
  const requests = useJoinRequests(team._id);
  const decide = useDecideJoinRequest(team._id);
  const { showToast } = useToast();

  const onDecide = (person: Person, decision: JoinRequestDecision) =>
    decide.mutate(
      { userId: person.$id, decision },
      {
        onSuccess: () =>
          decision === 'approve'
            ? showToast(t('teams.userApproved'), 'success')
            : showToast(t('teams.joinRequestDenied'), 'info'),
        onError: () => showToast(t('teams.failedToProcessJoinRequest'), 'error'),
      },
    );

  return (
    <Stack spacing={4}>
      <AddMemberForm teamId={team._id} />
      <Box component="section" aria-labelledby="pending-requests-title">
        <Typography id="pending-requests-title" variant="h6" component="h2" gutterBottom>
          {t('teams.pendingRequests')}
        </Typography>
        {requests.isPending ? (
          <CircularProgress aria-label={t('teams.loadingJoinRequests')} />
        ) : requests.isError ? (
          <Alert severity="error">
            {errorMessage(requests.error, t('teams.failedToLoadJoinRequests'))}
          </Alert>
        ) : requests.data.length === 0 ? (
          <Typography color="text.secondary">{t('teams.noPendingJoinRequests')}</Typography>
        ) : (
          <Paper variant="outlined">
            <List aria-labelledby="pending-requests-title" disablePadding>
              {requests.data.map((person) => {
                const name = personLabel(person, person.$id);
                const busy = decide.isPending && decide.variables.userId === person.$id;
                return (
                  <ListItem key={person.$id} divider sx={{ gap: 1, flexWrap: 'wrap' }}>
                    <ListItemText
                      primary={name}
                      secondary={person.email !== name ? person.email : undefined}
                    />
                    <Stack direction="row" spacing={1} sx={{ ml: 'auto' }}>
                      <Button
                        variant="contained"
                        size="small"
                        aria-label={t('teams.approveName', { name })}
                        disabled={busy}
                        onClick={() => onDecide(person, 'approve')}
                      >
                        {t('teams.approve')}
                      </Button>
                      <Button
                        variant="outlined"
                        size="small"
                        color="error"
                        aria-label={t('teams.denyName', { name })}
                        disabled={busy}
                        onClick={() => onDecide(person, 'deny')}
                      >
                        {t('teams.deny')}
                      </Button>
                    </Stack>
                  </ListItem>
                );
              })}
            </List>
          </Paper>
        )}
      </Box>
    </Stack>
  );
}
