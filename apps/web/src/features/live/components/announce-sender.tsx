import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import SendIcon from '@mui/icons-material/Send';
import { LIVE_LIMITS } from '@segue/shared';
import { LIVE_VIEW_TEXTS as T } from './live-texts.ts';

interface AnnounceSenderProps {
  value: string;
  onChange: (value: string) => void;
  /** Sends the text unless it is blank (then nothing happens), and clears it. */
  onSend: (options: { onScreen: boolean }) => void;
  /** Drivers see the box at once; a follower opens it. */
  isDriver: boolean;
  /** Whether the policy lets this person put the message on the presenter too. */
  mayShowOnScreen: boolean;
}

/**
 * The box for a message flashed on the band's screens (spec: 'Announce Message' and Send).
 * Drivers see it at once, with "Show on screen" for the presenter; followers open it with
 * "Message the band", so the song keeps the room on a phone.
 */
export function AnnounceSender({
  value,
  onChange,
  onSend,
  isDriver,
  mayShowOnScreen,
}: AnnounceSenderProps) {
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [onScreen, setOnScreen] = useState(false);
  if (!isDriver && !open) {
    return (
      <Button
        size="small"
        startIcon={<ChatBubbleOutlineIcon />}
        onClick={() => setOpen(true)}
        sx={{ alignSelf: 'flex-start' }}
      >
        {T.messageTheBand}
      </Button>
    );
  }
  // The parts of a TextField without its Select, which would weigh on the live view's first load.
  return (
    <Stack
      component="form"
      spacing={0.5}
      onSubmit={(event) => {
        event.preventDefault();
        onSend({ onScreen: mayShowOnScreen && onScreen });
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <FormControl size="small" fullWidth>
          <InputLabel htmlFor={inputId}>{T.announceMessage}</InputLabel>
          <OutlinedInput
            id={inputId}
            label={T.announceMessage}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            autoComplete="off"
            autoFocus={!isDriver}
            inputProps={{ maxLength: LIVE_LIMITS.announcementMaxLength }}
          />
        </FormControl>
        <Button type="submit" variant="contained" endIcon={<SendIcon />} sx={{ flexShrink: 0 }}>
          {T.send}
        </Button>
      </Stack>
      {mayShowOnScreen && (
        <FormControlLabel
          control={
            <Checkbox
              size="small"
              checked={onScreen}
              onChange={(event) => setOnScreen(event.target.checked)}
            />
          }
          label={T.showOnScreen}
        />
      )}
    </Stack>
  );
}
