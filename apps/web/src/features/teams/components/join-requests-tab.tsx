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
import { TEXTS } from '@segue/shared';
import type { Person, TeamDetails } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useDecideJoinRequest, useJoinRequests } from '../api/join-requests.ts';
import type { JoinRequestDecision } from '../api/join-requests.ts';
import { AddMemberForm } from './add-member-form.tsx';
import { personLabel } from './team-texts.ts';

/** Join Requests: add someone by e-mail, and approve or deny the people who asked to join. */
export function JoinRequestsTab({ team }: { team: TeamDetails }) {
  const requests = useJoinRequests(team._id);
  const decide = useDecideJoinRequest(team._id);
  const { showToast } = useToast();

  const onDecide = (person: Person, decision: JoinRequestDecision) =>
    decide.mutate(
      { userId: person.$id, decision },
      {
        onSuccess: () =>
          decision === 'approve'
            ? showToast(TEXTS.userApproved, 'success')
            : showToast(TEXTS.joinRequestDenied, 'info'),
        onError: () => showToast(TEXTS.failedToProcessJoinRequest, 'error'),
      },
    );

  return (
    <Stack spacing={4}>
      <AddMemberForm teamId={team._id} />
      <Box component="section" aria-labelledby="pending-requests-title">
        <Typography id="pending-requests-title" variant="h6" component="h2" gutterBottom>
          Pending Requests
        </Typography>
        {requests.isPending ? (
          <CircularProgress aria-label="Loading join requests" />
        ) : requests.isError ? (
          <Alert severity="error">
            {errorMessage(requests.error, TEXTS.failedToLoadJoinRequests)}
          </Alert>
        ) : requests.data.length === 0 ? (
          <Typography color="text.secondary">{TEXTS.noPendingJoinRequests}</Typography>
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
                        aria-label={`Approve ${name}`}
                        disabled={busy}
                        onClick={() => onDecide(person, 'approve')}
                      >
                        Approve
                      </Button>
                      <Button
                        variant="outlined"
                        size="small"
                        color="error"
                        aria-label={`Deny ${name}`}
                        disabled={busy}
                        onClick={() => onDecide(person, 'deny')}
                      >
                        Deny
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
