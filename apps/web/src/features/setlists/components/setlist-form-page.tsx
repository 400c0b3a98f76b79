import { useEffect } from 'react';
import { useParams } from 'react-router';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Team } from '@segue/shared';
import { BackButton } from '../../../components/back-button.tsx';
import { useSetlist } from '../api/setlists.ts';
import { CurrentTeamGate } from '../../../components/current-team-gate.tsx';
import { SetlistForm } from './setlist-form.tsx';
import { useT } from '../../../lib/i18n/i18n.ts';

/** /setlists/new and /setlists/edit/{id}: plan a setlist's songs, leaders and positions. */
export function SetlistFormPage() {
  const t = useT();
  const { id } = useParams();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
        <BackButton />
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {id ? t('setlists.form.editSetlist') : t('setlists.newSetlist')}
        </Typography>
      </Stack>
      <CurrentTeamGate>
        {(team) =>
          id ? (
            // A new id (after a clone) is a new form, filled from its own setlist.
            <EditSetlist key={`${team._id}/${id}`} team={team} setlistId={id} />
          ) : (
            <SetlistForm key={team._id} team={team} />
          )
        }
      </CurrentTeamGate>
    </Container>
  );
}

/** Loads the setlist, then hands a fresh copy of it to the form. */
function EditSetlist({ team, setlistId }: { team: Team; setlistId: string }) {
  const t = useT();
  const setlist = useSetlist(team._id, setlistId, { refetchOnWindowFocus: false });

  const loadError = setlist.error;
  useEffect(() => {
    if (loadError) console.error(`Failed to load setlist ${setlistId}`, loadError);
  }, [loadError, setlistId]);

  if (loadError) return <Typography>{t('setlists.view.notFound')}</Typography>;
  // A cached copy may be older than the last save elsewhere: the form waits for this visit's.
  if (!setlist.data || !setlist.isFetchedAfterMount) {
    return <Typography role="status">{t('setlists.form.loading')}</Typography>;
  }
  return <SetlistForm team={team} setlist={setlist.data} />;
}
