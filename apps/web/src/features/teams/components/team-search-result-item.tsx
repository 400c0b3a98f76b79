import { useId } from 'react';
import Button from '@mui/material/Button';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { TeamSearchResult } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useCurrentAccount } from '../../../lib/session/current-account.ts';
import { useRequestToJoin } from '../api/request-to-join.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

/** One found team: name, description, size, and Request to Join (or why not). */
export function TeamSearchResultItem({ team }: { team: TeamSearchResult }) {
  const t = useT();
  const { account } = useCurrentAccount();
  const request = useRequestToJoin();
  const { showToast } = useToast();
  const nameId = useId();

  const onRequest = () =>
    request.mutate(team._id, {
      onSuccess: () => showToast(t('teams.joinRequestSent'), 'success'),
      onError: (error) =>
        showToast(errorMessage(error, t('teams.failedToSendJoinRequest')), 'error'),
    });

  const canRequest = !team.isMember && !team.hasRequested;
  const label = team.isMember
    ? t('teams.alreadyJoined')
    : team.hasRequested
      ? t('teams.requestSent')
      : t('teams.requestToJoin');

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
              {t('teams.memberCount', { count: team.memberCount })}
            </Typography>
          </>
        }
        slotProps={{ primary: { id: nameId, sx: { fontWeight: 600 } } }}
      />
      <Button
        variant={canRequest ? 'contained' : 'outlined'}
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
