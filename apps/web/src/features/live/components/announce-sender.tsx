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
import Typography from '@mui/material/Typography';
import { LIVE_LIMITS, SCREEN_MESSAGE_DEFAULT_SECONDS, SCREEN_MESSAGE_SECONDS } from '@segue/shared';
import { useT } from '../../../lib/i18n/i18n.ts';

interface AnnounceSenderProps {
  value: string;
  onChange: (value: string) => void;
  /**
   * Sends the text unless it is blank (then nothing happens), and clears it; on the screen too
   * for `seconds` (null: until a driver takes it off).
   */
  onSend: (options: { onScreen: boolean; seconds?: number | null }) => void;
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
  const t = useT();
  const [open, setOpen] = useState(false);
  const [onScreen, setOnScreen] = useState(false);
  const [seconds, setSeconds] = useState<number | null>(SCREEN_MESSAGE_DEFAULT_SECONDS);
  if (!isDriver && !open) {
    return (
      <Button
        size="small"
        startIcon={<ChatBubbleOutlineIcon />}
        onClick={() => setOpen(true)}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('live.messageTheBand')}
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
        onSend(mayShowOnScreen && onScreen ? { onScreen: true, seconds } : { onScreen: false });
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <FormControl size="small" fullWidth>
          <InputLabel htmlFor={inputId}>{t('live.announceMessage')}</InputLabel>
          <OutlinedInput
            id={inputId}
            label={t('live.announceMessage')}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            autoComplete="off"
            autoFocus={!isDriver}
            inputProps={{ maxLength: LIVE_LIMITS.announcementMaxLength }}
          />
        </FormControl>
        <Button type="submit" variant="contained" endIcon={<SendIcon />} sx={{ flexShrink: 0 }}>
          {t('live.send')}
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
          label={t('live.showOnScreen')}
        />
      )}
      {mayShowOnScreen && onScreen && (
        <Stack
          direction="row"
          spacing={0.5}
          role="group"
          aria-label={t('projector.onScreenFor')}
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Typography variant="body2" color="text.secondary" aria-hidden sx={{ mr: 0.5 }}>
            {t('projector.onScreenFor')}
          </Typography>
          {SCREEN_MESSAGE_SECONDS.map((choice) => (
            <Button
              key={choice ?? 'cleared'}
              size="small"
              variant={seconds === choice ? 'contained' : 'outlined'}
              aria-pressed={seconds === choice}
              onClick={() => setSeconds(choice)}
            >
              {choice === null
                ? t('projector.untilCleared')
                : t('projector.seconds', { n: choice })}
            </Button>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
