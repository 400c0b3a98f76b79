import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import SendIcon from '@mui/icons-material/Send';
import { useId } from 'react';
import { LIVE_LIMITS } from '@segue/shared';
import { LIVE_VIEW_TEXTS as T } from './live-texts.ts';

interface AnnounceSenderProps {
  value: string;
  onChange: (value: string) => void;
  /** Sends the text unless it is blank (then nothing happens), and clears it. */
  onSend: () => void;
}

/** The leader's box for a message flashed on every screen of the setlist. */
export function AnnounceSender({ value, onChange, onSend }: AnnounceSenderProps) {
  const inputId = useId();
  // The parts of a TextField without its Select, which would weigh on the live view's first load.
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start' }}
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <FormControl size="small" fullWidth>
        <InputLabel htmlFor={inputId}>{T.announceMessage}</InputLabel>
        <OutlinedInput
          id={inputId}
          label={T.announceMessage}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="off"
          inputProps={{ maxLength: LIVE_LIMITS.announcementMaxLength }}
        />
      </FormControl>
      <Button type="submit" variant="contained" endIcon={<SendIcon />} sx={{ flexShrink: 0 }}>
        {T.send}
      </Button>
    </Stack>
  );
}
