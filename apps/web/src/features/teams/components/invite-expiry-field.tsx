import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { INVITE_LIMITS } from '@segue/shared';
import { useT } from '../../../lib/i18n/i18n.ts';

interface InviteExpiryFieldProps {
  value: number;
  onChange: (days: number) => void;
  error?: string;
}

/** "Expires in": how many days a new invitation works (1, 3, 7, 14 or 30). */
export function InviteExpiryField({ value, onChange, error }: InviteExpiryFieldProps) {
  const t = useT();
  return (
    <TextField
      select
      label={t('teams.expiresIn')}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      error={Boolean(error)}
      helperText={error}
      sx={{ minWidth: 160 }}
    >
      {INVITE_LIMITS.expiryChoices.map((days) => (
        <MenuItem key={days} value={days}>
          {t('teams.days', { days })}
        </MenuItem>
      ))}
    </TextField>
  );
}
