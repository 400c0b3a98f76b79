import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { INVITE_LIMITS, INVITE_TEXTS } from '@segue/shared';

interface InviteExpiryFieldProps {
  value: number;
  onChange: (days: number) => void;
  error?: string;
}

/** "Expires in": how many days a new invitation works (1, 3, 7, 14 or 30). */
export function InviteExpiryField({ value, onChange, error }: InviteExpiryFieldProps) {
  return (
    <TextField
      select
      label={INVITE_TEXTS.expiresIn}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      error={Boolean(error)}
      helperText={error}
      sx={{ minWidth: 160 }}
    >
      {INVITE_LIMITS.expiryChoices.map((days) => (
        <MenuItem key={days} value={days}>
          {INVITE_TEXTS.days(days)}
        </MenuItem>
      ))}
    </TextField>
  );
}
