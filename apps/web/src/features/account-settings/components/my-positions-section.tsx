import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import {
  MyPositionsInputSchema,
  PEOPLE_LIMITS,
  SETLIST_LIMITS,
  distinctPositions,
} from '@segue/shared';
import type { MyPositions, Team } from '@segue/shared';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCurrentTeam } from '../../../lib/teams/current-team.ts';
import { useMyPositions, useSaveMyPositions } from '../api/availability.ts';
import { SettingsSection } from './settings-section.tsx';
import { useT } from '../../../lib/i18n/i18n.ts';

/**
 * My positions: per team, the positions the account plays, chosen from the team's
 * (the standard ones and those its setlists use) or its own. The setlist form suggests the
 * players of a position first.
 */
export function MyPositionsSection() {
  const t = useT();
  const { teams, isPending } = useCurrentTeam();
  return (
    <SettingsSection title={t('people.myPositions')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('people.myPositionsExplained')}
      </Typography>
      {isPending ? (
        <CircularProgress aria-label={t('settings.loadingTeams')} size={24} />
      ) : teams.length === 0 ? (
        <Typography>{t('people.noTeams')}</Typography>
      ) : (
        <Stack spacing={3}>
          {teams.map((team) => (
            <TeamPositions key={team._id} team={team} />
          ))}
        </Stack>
      )}
    </SettingsSection>
  );
}

function TeamPositions({ team }: { team: Team }) {
  const t = useT();
  const saved = useMyPositions(team._id);
  if (saved.isPending) {
    return (
      <CircularProgress
        aria-label={t('settings.loadingPositionsIn', { team: team.name })}
        size={24}
      />
    );
  }
  if (saved.isError) {
    return (
      <Alert severity="error">{errorMessage(saved.error, t('people.failedToLoadPositions'))}</Alert>
    );
  }
  return <TeamPositionsForm team={team} saved={saved.data} />;
}

function TeamPositionsForm({ team, saved }: { team: Team; saved: MyPositions }) {
  const t = useT();
  const save = useSaveMyPositions(team._id);
  const { showToast } = useToast();
  const [chosen, setChosen] = useState<string[]>(saved.positions);
  const [options, setOptions] = useState<string[]>(saved.teamPositions);
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const legend = t('people.positionsFor', { team: team.name });

  const toggle = (name: string, on: boolean) =>
    setChosen((current) => (on ? [...current, name] : current.filter((p) => p !== name)));

  const addCustom = () => {
    const name = custom.trim();
    if (!name) return;
    const existing = options.find((o) => o.toLowerCase() === name.toLowerCase());
    const option = existing ?? name;
    if (!existing) setOptions((current) => [...current, name]);
    setChosen((current) => distinctPositions([...current, option]));
    setCustom('');
  };

  const onSave = () => {
    const checked = MyPositionsInputSchema.safeParse({ positions: chosen });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? t('people.failedToSavePositions'));
      return;
    }
    setError(null);
    save.mutate(checked.data.positions, {
      onSuccess: (answer) => {
        // What was saved, as the server keeps it (trimmed, without repeats).
        setChosen(answer.positions);
        setOptions(answer.teamPositions);
        showToast(t('people.positionsSaved'), 'success');
      },
      onError: (failure) => setError(errorMessage(failure, t('people.failedToSavePositions'))),
    });
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary', mb: 1 }}>
        {legend}
      </FormLabel>
      <FormGroup row>
        {options.map((name) => (
          <FormControlLabel
            key={name}
            label={name}
            control={
              <Checkbox
                checked={chosen.includes(name)}
                onChange={(event) => toggle(name, event.target.checked)}
                disabled={save.isPending}
              />
            }
          />
        ))}
      </FormGroup>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mt: 1, alignItems: { xs: 'stretch', sm: 'flex-start' } }}
      >
        <TextField
          size="small"
          label={t('people.addYourOwn')}
          value={custom}
          onChange={(event) => setCustom(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              addCustom();
            }
          }}
          disabled={save.isPending || chosen.length >= PEOPLE_LIMITS.maxPositionsPerMember}
          slotProps={{
            htmlInput: {
              maxLength: SETLIST_LIMITS.positionNameMaxLength,
              'aria-label': t('settings.addYourOwnIn', { team: team.name }),
            },
          }}
        />
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={addCustom}
          disabled={save.isPending || !custom.trim()}
          aria-label={t('settings.addPositionIn', { team: team.name })}
          sx={{ height: 40, whiteSpace: 'nowrap' }}
        >
          {t('settings.add')}
        </Button>
        <Button
          variant="contained"
          onClick={onSave}
          disabled={save.isPending}
          aria-label={t('settings.savePositionsIn', { team: team.name })}
          sx={{ height: 40, whiteSpace: 'nowrap' }}
        >
          {t('people.savePositions')}
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
