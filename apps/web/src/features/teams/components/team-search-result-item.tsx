import { useId } from 'react';
import Button from '@mui/material/Button';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { TEXTS } from '@segue/shared';
import type { TeamSearchResult } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useCurrentAccount } from '../../../lib/session/current-account.ts';
import { useRequestToJoin } from '../api/request-to-join.ts';
import { TEAM_TEXTS, memberCountText } from './team-texts.ts';

/** One found team: name, description, size, and Request to Join (or why not). */
export function TeamSearchResultItem({ team }: { team: TeamSearchResult }) {
  const { account } = useCurrentAccount();
  const request = useRequestToJoin();
  const { showToast } = useToast();
  const nameId = useId();

  const onRequest = () =>
    request.mutate(team._id, {
      onSuccess: () => showToast(TEXTS.joinRequestSent, 'success'),
      onError: (error) => showToast(errorMessage(error, TEXTS.failedToSendJoinRequest), 'error'),
    });

  const label = team.isMember
    ? TEXTS.alreadyJoined
    : team.hasRequested
      ? TEAM_TEXTS.requestSent
      : TEAM_TEXTS.requestToJoin;

  return (
    <ListItem divider sx={{ gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' }, py: 1.5 }}>
      <ListItemText
        primary={team.name}
        secondary={
          <>
            {team.description && (
              <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                {team.description}
              </Typography>
            )}
            <Typography component="span" variant="body2" color="text.secondary">
              {memberCountText(team.memberCount)}
            </Typography>
          </>
        }
        slotProps={{ primary: { id: nameId, sx: { fontWeight: 600 } } }}
      />
      <Button
        variant={label === TEAM_TEXTS.requestToJoin ? 'contained' : 'outlined'}
        onClick={onRequest}
        disabled={!account || team.isMember || team.hasRequested || request.isPending}
        aria-describedby={nameId}
        sx={{ flexShrink: 0 }}
      >
        {label}
      </Button>
    </ListItem>
  );
}
