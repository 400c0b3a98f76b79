import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { can, type Team, type TeamRole } from '@segue/shared';
import { useCurrentTeam } from '../../../lib/teams/current-team.ts';
import { AddFromFileButton } from './add-from-file-dialog.tsx';
import { LibraryZipExportMenu } from './export-menu.tsx';
import { LibraryFileButtons } from './library-file-buttons.tsx';
import { CurrentTeamGate } from '../../../components/current-team-gate.tsx';
import { SongSearchField } from './song-search-field.tsx';
import { SongTable } from './song-table.tsx';
import { useSongRights } from '../api/song-rights.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

/** /songs: the current team's songs, searchable; export and import for the team's creator. */
export function SongLibraryPage() {
  const t = useT();
  const { role, userId } = useCurrentTeam();

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 5 } }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 700 }}>
        {t('songs.libraryTitle')}
      </Typography>
      <CurrentTeamGate>
        {(team) => (
          // Keyed by team: another team's songs never stand in while this one's load.
          <SongLibrary
            key={team._id}
            team={team}
            role={role}
            userId={userId}
            mayImport={role !== null && can({ role }, 'importLibrary')}
          />
        )}
      </CurrentTeamGate>
    </Container>
  );
}

interface SongLibraryProps {
  team: Team;
  /** Only the team's creator may export and import (spec section 6). */
  /** The policy's `importLibrary`: the team's creator only. */
  mayImport: boolean;
  role: TeamRole | null;
  userId: string | undefined;
}

function SongLibrary({ team, mayImport, role, userId }: SongLibraryProps) {
  const t = useT();
  const [query, setQuery] = useState('');
  const rightsOf = useSongRights(team, role, userId);

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-start' } }}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button
            component={RouterLink}
            to="/songs/new"
            variant="contained"
            startIcon={<AddIcon />}
            sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
          >
            {t('songs.addSong')}
          </Button>
          {/* Any member adds songs from files; the spec's JSON import stays the creator's. */}
          <AddFromFileButton teamId={team._id} />
          <Button component={RouterLink} to="/trash" startIcon={<DeleteOutlineIcon />}>
            {t('songs.trash')}
          </Button>
        </Stack>
        {mayImport && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <LibraryFileButtons team={team} />
            <LibraryZipExportMenu />
          </Stack>
        )}
      </Stack>
      <Stack role="search">
        <SongSearchField onSearch={setQuery} />
      </Stack>
      <SongTable teamId={team._id} query={query} rightsOf={rightsOf} />
    </Stack>
  );
}
