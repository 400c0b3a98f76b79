import { useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { BackButton } from '../../../components/back-button.tsx';
import { useTeamSearch } from '../api/search-teams.ts';
import { TeamSearchResultItem } from './team-search-result-item.tsx';
import { useT } from '../../../lib/i18n/i18n.ts';

/** /join: search teams by name and ask to join them. */
export function FindTeamPage() {
  const t = useT();
  const [input, setInput] = useState('');
  // The query runs for the submitted text, not for every keystroke.
  const [query, setQuery] = useState('');
  const search = useTeamSearch(query);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = input.trim();
    if (!trimmed) return;
    if (trimmed === query) void search.refetch();
    else setQuery(trimmed);
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
        <BackButton />
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {t('teams.findATeam')}
        </Typography>
      </Stack>
      <Stack
        component="form"
        role="search"
        onSubmit={onSubmit}
        direction="row"
        spacing={2}
        sx={{ mb: 3, alignItems: 'flex-start' }}
      >
        <TextField
          label={t('teams.teamNameSearch')}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { maxLength: LIMITS.teamNameMaxLength } }}
        />
        <Button type="submit" variant="contained" size="large" sx={{ flexShrink: 0, height: 56 }}>
          {t('teams.search')}
        </Button>
      </Stack>
      {search.isFetching && !search.data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={t('teams.searching')} />
        </Box>
      ) : search.isError ? (
        <Alert severity="error">{errorMessage(search.error, t('teams.failedToSearchTeams'))}</Alert>
      ) : search.data?.length === 0 ? (
        <Typography role="status">{t('teams.noTeamsFound')}</Typography>
      ) : search.data ? (
        <Paper variant="outlined">
          <List aria-label={t('teams.teamsFound')} disablePadding>
            {search.data.map((team) => (
              <TeamSearchResultItem key={team._id} team={team} />
            ))}
          </List>
        </Paper>
      ) : null}
    </Container>
  );
}
