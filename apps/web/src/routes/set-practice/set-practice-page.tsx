import { useCallback, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import type { Team } from '@segue/shared';
import { ApiRequestError, errorMessage } from '../../lib/api-client.ts';
import { PageLoading } from '../../components/layout/page-loading.tsx';
import { useSetlist } from '../../features/setlists/api/setlists.ts';
import { setlistPaths } from '../../features/setlists/components/setlist-texts.ts';
import { PracticeFrame, SongPractice } from '../../features/songs/practice/practice-page.tsx';
import { useT } from '../../lib/i18n/i18n.ts';

/**
 * /setlists/practice/{id}: "Practise the set". The set's songs in their order (its items left
 * out), each in practice mode in the key it is planned in at that service; when a recording
 * plays to its end, the next song opens and plays. `?song=` (from 1) is the song open.
 */
export function SetPracticePage() {
  const { id = '' } = useParams();
  return (
    <PracticeFrame>
      {(team) => <SetPractice key={`${team._id}/${id}`} team={team} setlistId={id} />}
    </PracticeFrame>
  );
}

function SetPractice({ team, setlistId }: { team: Team; setlistId: string }) {
  const t = useT();
  const setlist = useSetlist(team._id, setlistId);
  const [params, setParams] = useSearchParams();
  // Set when the song before ended: this one plays as soon as its recording is ready.
  const [autoPlay, setAutoPlay] = useState(false);
  const count = setlist.data?.songs.length ?? 0;
  const asked = Math.trunc(Number(params.get('song')));
  const index = Math.min(Math.max(Number.isFinite(asked) ? asked : 1, 1), Math.max(count, 1)) - 1;
  const go = useCallback(
    (to: number, play: boolean) => {
      setAutoPlay(play);
      setParams({ song: String(to + 1) });
    },
    [setParams],
  );
  const playNext = useCallback(() => go(index + 1, true), [go, index]);

  if (setlist.error) {
    const missing = setlist.error instanceof ApiRequestError && setlist.error.status === 404;
    return (
      <Stack spacing={2} sx={{ pb: 4 }}>
        <Typography variant="h5" component="h1">
          {missing ? t('setlists.practice.notFound') : t('setlists.practice.failedToLoad')}
        </Typography>
        {!missing && (
          <Alert severity="error">
            {errorMessage(setlist.error, t('setlists.practice.failedToLoad'))}
          </Alert>
        )}
      </Stack>
    );
  }
  if (!setlist.data) return <PageLoading />;
  const entry = setlist.data.songs[index];
  if (!entry) {
    return (
      <Stack spacing={2} sx={{ pb: 4 }}>
        <Typography variant="h5" component="h1">
          {setlist.data.name}
        </Typography>
        <Typography>{t('setlists.practice.noSongs')}</Typography>
      </Stack>
    );
  }
  return (
    <>
      <Stack
        component="nav"
        aria-label={t('setlists.practice.songs')}
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}
      >
        <Typography color="text.secondary" sx={{ mr: 'auto', overflowWrap: 'anywhere' }}>
          {t('setlists.practice.songOf', { setlist: setlist.data.name, number: index + 1, count })}
        </Typography>
        <Button
          variant="outlined"
          disabled={index === 0}
          onClick={() => go(index - 1, false)}
          startIcon={<NavigateBeforeIcon />}
        >
          {t('setlists.practice.previousSong')}
        </Button>
        <Button
          variant="outlined"
          disabled={index === count - 1}
          onClick={() => go(index + 1, false)}
          endIcon={<NavigateNextIcon />}
        >
          {t('setlists.practice.nextSong')}
        </Button>
      </Stack>
      <SongPractice
        key={`${index}/${entry.song._id}`}
        team={team}
        songId={entry.song._id}
        serviceKey={entry.key ?? entry.song.key}
        back={{ to: setlistPaths.view(setlistId), label: t('setlists.practice.backToSetlist') }}
        autoPlay={autoPlay}
        onEnded={index < count - 1 ? playNext : undefined}
      />
    </>
  );
}
