import { useEffect, useId, useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Assignment } from '@segue/shared';
import { CardList } from '../../../components/card-list.tsx';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useChangesAllowed } from '../../../lib/offline/offline-copy.ts';
import { useAnswerAssignment, useMyAssignments } from '../api/assignments.ts';
import { AssignmentStatusChip } from './assignment-status-chip.tsx';
import { formatSetlistDate, localToday } from './setlist-dates.ts';
import { t, useT } from '../../../lib/i18n/i18n.ts';

/** What an assignment is called on its buttons: "Bass at Harvest Service". */
const named = (a: Assignment) =>
  t('setlists.assignments.named', { position: a.position, setlist: a.setlistName });

/**
 * The dashboard's "Your assignments": the positions the user was assigned in coming
 * setlists of all their teams, each pending, accepted or declined, with Accept and Decline.
 * Shown only when there is one; a failed load shows nothing, like Upcoming Setlists.
 */
export function YourAssignments() {
  const t = useT();
  const headingId = useId();
  const [today] = useState(localToday);
  const assignments = useMyAssignments(today);
  const answer = useAnswerAssignment();
  const { showToast } = useToast();
  const changesAllowed = useChangesAllowed();

  const loadError = assignments.error;
  useEffect(() => {
    if (loadError) console.error('Failed to load your assignments', loadError);
  }, [loadError]);

  const rows = assignments.data ?? [];
  if (rows.length === 0) return null;

  const respond = (assignment: Assignment, response: 'accepted' | 'declined') =>
    answer.mutate(
      { assignment, response },
      {
        onSuccess: () =>
          showToast(
            response === 'accepted'
              ? t('setlists.assignments.accepted')
              : t('setlists.assignments.declined'),
            'success',
          ),
        onError: (error) =>
          showToast(errorMessage(error, t('setlists.assignments.failedToAnswer')), 'error'),
      },
    );

  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} variant="h5" component="h2" gutterBottom sx={{ fontWeight: 600 }}>
        {t('setlists.assignments.title')}
      </Typography>
      <CardList aria-labelledby={headingId}>
        {rows.map((row) => (
          <Card
            key={`${row.setlistId}/${row.index}`}
            component="li"
            variant="outlined"
            aria-label={named(row)}
          >
            <CardContent sx={{ pb: 1 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="h6" component="h3" sx={{ fontWeight: 600 }}>
                  {row.position}
                </Typography>
                <AssignmentStatusChip status={row.status} />
              </Stack>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{row.setlistName}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('setlists.assignments.when', {
                  date: formatSetlistDate(row.date, 'full'),
                  team: row.teamName,
                })}
              </Typography>
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2, pt: 0, gap: 1, flexWrap: 'wrap' }} disableSpacing>
              <Button
                variant="contained"
                size="small"
                color="success"
                disabled={!changesAllowed || answer.isPending || row.status === 'accepted'}
                onClick={() => respond(row, 'accepted')}
                aria-label={t('setlists.assignments.acceptNamed', { assignment: named(row) })}
              >
                {t('setlists.assignments.accept')}
              </Button>
              <Button
                variant="outlined"
                size="small"
                color="error"
                disabled={!changesAllowed || answer.isPending || row.status === 'declined'}
                onClick={() => respond(row, 'declined')}
                aria-label={t('setlists.assignments.declineNamed', { assignment: named(row) })}
              >
                {t('setlists.assignments.decline')}
              </Button>
            </CardActions>
          </Card>
        ))}
      </CardList>
    </section>
  );
}
