import { useId } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  can,
  EDITORS_SETTINGS,
  type EditorsSetting,
  type TeamDetails,
  type TeamEditorsInput,
} from '@segue/shared';
import { errorMessage } from '../../../lib/api-client.ts';
import { useToast } from '../../../components/toasts/toast-context.ts';
import { useCurrentTeam } from '../../../lib/teams/current-team.ts';
import { useSetEditors } from '../api/editors.ts';
import { useT, type MessageId } from '../../../lib/i18n/i18n.ts';

/** What the owner may pick, as the settings screen names it. */
const EDITORS_LABELS: Record<EditorsSetting, MessageId> = {
  everyone: 'teams.editorsEveryone',
  leaders: 'teams.editorsLeaders',
  admins: 'teams.editorsAdmins',
};

/**
 * Who may edit and delete the team's songs, and its setlists: the owner picks; admins see the
 * choice, read-only, so they can tell a member who asks (docs/DECISIONS.md, "Who may change the
 * library and the plans").
 */
export function TeamEditorsSettings({ team }: { team: TeamDetails }) {
  const t = useT();
  const { role } = useCurrentTeam();
  const mayChange = role !== null && can({ role }, 'setEditors');
  const setEditors = useSetEditors(team._id);
  const { showToast } = useToast();
  const current: TeamEditorsInput = {
    songEditors: team.songEditors,
    setlistEditors: team.setlistEditors,
  };

  const change = (field: keyof TeamEditorsInput, value: EditorsSetting) =>
    setEditors.mutate(
      { ...current, [field]: value },
      {
        onSuccess: () => showToast(t('teams.editorsSaved'), 'success'),
        onError: (error) => showToast(errorMessage(error, t('teams.failedToSaveEditors')), 'error'),
      },
    );

  return (
    <Paper variant="outlined" component="section" sx={{ p: 2, mt: 4 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('teams.editorsHeading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('teams.editorsHelp')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <EditorsSelect
          label={t('teams.songEditorsLabel')}
          value={team.songEditors}
          disabled={!mayChange || setEditors.isPending}
          onChange={(value) => change('songEditors', value)}
        />
        <EditorsSelect
          label={t('teams.setlistEditorsLabel')}
          value={team.setlistEditors}
          disabled={!mayChange || setEditors.isPending}
          onChange={(value) => change('setlistEditors', value)}
        />
      </Stack>
      {!mayChange && <FormHelperText>{t('teams.editorsOwnerOnly')}</FormHelperText>}
    </Paper>
  );
}

interface EditorsSelectProps {
  label: string;
  value: EditorsSetting;
  disabled: boolean;
  onChange: (value: EditorsSetting) => void;
}

function EditorsSelect({ label, value, disabled, onChange }: EditorsSelectProps) {
  const t = useT();
  const labelId = useId();
  return (
    <FormControl fullWidth disabled={disabled}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select
        labelId={labelId}
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {EDITORS_SETTINGS.map((setting) => (
          <MenuItem key={setting} value={setting}>
            {t(EDITORS_LABELS[setting])}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
