import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useT } from '../../../lib/i18n/i18n.ts';

/** The same weekday a week later: where a cloned service usually goes. */
export function weekAfter(day: string): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time)) return day;
  return new Date(time + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

interface CloneSetlistDialogProps {
  open: boolean;
  /** The setlist's day (YYYY-MM-DD): the copy starts a week later. */
  day: string;
  onClone: (day: string) => void;
  onClose: () => void;
  pending: boolean;
}

/** Clone asks for the copy's date: next week's service is rarely on the same day. */
export function CloneSetlistDialog({
  open,
  day,
  onClone,
  onClose,
  pending,
}: CloneSetlistDialogProps) {
  const t = useT();
  const titleId = useId();
  const [date, setDate] = useState(() => weekAfter(day));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      slotProps={{ transition: { onEnter: () => setDate(weekAfter(day)) } }}
    >
      <DialogTitle id={titleId}>{t('setlists.clone.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('setlists.clone.text')}</DialogContentText>
        <TextField
          label={t('setlists.clone.date')}
          type="date"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          required
          fullWidth
          error={!valid}
          helperText={valid ? undefined : t('setlists.clone.dateMissing')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" onClick={() => onClone(date)} disabled={pending || !valid}>
          {t('setlists.clone.button')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
