import { useEffect, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import HeadphonesIcon from '@mui/icons-material/Headphones';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { NextService, NextServicePosition } from '@segue/shared';
import { useToast } from '../../components/toasts/toast-context.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useChangesAllowed } from '../../lib/offline/offline-copy.ts';
import { selectTeam } from '../../lib/teams/current-team.ts';
import { useAnswerAssignment } from '../../features/setlists/api/assignments.ts';
import { useNextService } from '../../features/setlists/api/next-service.ts';
import { AssignmentStatusChip } from '../../features/setlists/components/assignment-status-chip.tsx';
import { formatSetlistDate, localToday } from '../../features/setlists/components/setlist-dates.ts';
import { formatClockTime } from '../../lib/i18n/format.ts';
import { setlistPaths } from '../../features/setlists/components/setlist-texts.ts';
import { readinessLine } from './dashboard-texts.ts';
import { useT } from '../../lib/i18n/i18n.ts';

/**
 * The top of the dashboard (docs/DECISIONS.md, "Sunday-first dashboard"): the next service the
 * user plays in, in any of their teams, with its day and time, "Open live" within a phone's
 * first screen, their positions (Accept and Decline while asked), the band's readiness for the
 * team's owner and admins, and the songs in their keys. Without one it says so; a failed load
 * shows nothing, like the dashboard's other lists (spec section 8).
 */
export function NextServiceCard() {
  const t = useT();
  const headingId = useId();
  const [today] = useState(localToday);
  const next = useNextService(today);

  const loadError = next.error;
  useEffect(() => {
    if (loadError) console.error('Failed to load your next service', loadError);
  }, [loadError]);

  if (next.data === undefined) return null;
  const service = next.data;

  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ maxWidth: 760, ...(service && { borderColor: 'primary.main', borderWidth: 2 }) }}
    >
      <CardContent>
        <Typography
          id={headingId}
          variant="overline"
          component="h2"
          color="text.secondary"
          sx={{ fontWeight: 700, lineHeight: 1.8 }}
        >
          {t('dashboard.nextService')}
        </Typography>
        {service ? (
          <ServiceDetails service={service} />
        ) : (
          <>
            <Typography sx={{ fontWeight: 600 }}>{t('dashboard.noNextService')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('dashboard.noNextServiceText')}
            </Typography>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ServiceDetails({ service }: { service: NextService }) {
  const t = useT();
  const positionsId = useId();
  const songsId = useId();
  const when = [
    formatSetlistDate(service.date, 'full'),
    service.startTime && formatClockTime(service.startTime),
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <>
      <Typography
        variant="h5"
        component="p"
        sx={{ fontWeight: 700, overflowWrap: 'anywhere', lineHeight: 1.25 }}
      >
        {service.name}
      </Typography>
      <Typography sx={{ fontWeight: 500, mt: 0.5 }}>{when}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {service.teamName}
      </Typography>
      {/* First after the day, so it stays within a phone's first screen however many
          positions and songs follow. The live view plays the current team's setlists, so the
          service's team becomes the current one. */}
      <Button
        component={RouterLink}
        to={setlistPaths.live(service.setlistId)}
        onClick={() => selectTeam(service.teamId)}
        variant="contained"
        size="large"
        startIcon={<PlayArrowIcon />}
        sx={{ mt: 2, minHeight: 56, width: { xs: '100%', sm: 'auto' }, px: 4, fontSize: '1.1rem' }}
      >
        {t('dashboard.openLive')}
      </Button>
      {/* The week before: the set's songs with their recordings, in the service's keys. */}
      {service.songs.length > 0 && (
        <Button
          component={RouterLink}
          to={setlistPaths.practice(service.setlistId)}
          onClick={() => selectTeam(service.teamId)}
          variant="outlined"
          startIcon={<HeadphonesIcon />}
          sx={{ mt: 2, ml: { sm: 2 }, minHeight: 48, width: { xs: '100%', sm: 'auto' } }}
        >
          {t('dashboard.practiseTheSet')}
        </Button>
      )}
      {service.readiness && (
        <Typography sx={{ mt: 2, fontWeight: 600 }}>{readinessLine(service.readiness)}</Typography>
      )}

      <Typography
        id={positionsId}
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 600, mt: 2 }}
      >
        {t('dashboard.yourPositions')}
      </Typography>
      {service.positions.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.noPositionsYouLead')}
        </Typography>
      ) : (
        <Box component="ul" aria-labelledby={positionsId} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {service.positions.map((position) => (
            <PositionRow key={position.index} service={service} position={position} />
          ))}
        </Box>
      )}

      <Typography id={songsId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 2 }}>
        {t('dashboard.songs')}
      </Typography>
      {service.songs.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.noSongs')}
        </Typography>
      ) : (
        <Box component="ol" aria-labelledby={songsId} sx={{ pl: 3, m: 0 }}>
          {service.songs.map((song, i) => (
            <Box component="li" key={`${i}/${song.songId}`} sx={{ py: 0.25 }}>
              <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
                {song.title}
              </Typography>
              {[
                song.key && t('dashboard.keyOf', { key: song.key }),
                song.youLead && t('dashboard.youLead'),
              ]
                .filter(Boolean)
                .map((fact) => (
                  <Typography key={String(fact)} component="span" color="text.secondary">
                    {` · ${String(fact)}`}
                  </Typography>
                ))}
            </Box>
          ))}
        </Box>
      )}
    </>
  );
}

/** One of the user's positions, with Accept and Decline while it is pending. */
function PositionRow({
  service,
  position,
}: {
  service: NextService;
  position: NextServicePosition;
}) {
  const t = useT();
  const answer = useAnswerAssignment();
  const { showToast } = useToast();
  const changesAllowed = useChangesAllowed();
  // Named as "Your assignments" names them: "Bass at Harvest Sunday".
  const named = t('dashboard.positionAt', { position: position.name, service: service.name });

  const respond = (response: 'accepted' | 'declined') =>
    answer.mutate(
      {
        assignment: {
          setlistId: service.setlistId,
          index: position.index,
          position: position.name,
        },
        response,
      },
      {
        onSuccess: () =>
          showToast(
            response === 'accepted'
              ? t('people.assignmentAccepted')
              : t('people.assignmentDeclined'),
            'success',
          ),
        onError: (error) => showToast(errorMessage(error, t('people.failedToAnswer')), 'error'),
      },
    );

  return (
    <Stack
      component="li"
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', py: 0.5 }}
    >
      <Typography sx={{ fontWeight: 500 }}>{position.name}</Typography>
      <AssignmentStatusChip status={position.status} />
      {position.status === 'pending' && (
        <>
          <Button
            variant="contained"
            size="small"
            color="success"
            disabled={!changesAllowed || answer.isPending}
            onClick={() => respond('accepted')}
            aria-label={t('dashboard.acceptPosition', { position: named })}
          >
            {t('people.accept')}
          </Button>
          <Button
            variant="outlined"
            size="small"
            color="error"
            disabled={!changesAllowed || answer.isPending}
            onClick={() => respond('declined')}
            aria-label={t('dashboard.declinePosition', { position: named })}
          >
            {t('people.decline')}
          </Button>
        </>
      )}
    </Stack>
  );
}
