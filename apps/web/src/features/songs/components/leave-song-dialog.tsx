import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { LeaveBlocker } from '../hooks/use-leave-blocker.ts';
import { leaveSongTexts as texts } from './song-texts.ts';

const MESSAGE_ID = 'leave-song-message';

/** Asks before the song form is left with changes not saved; Stay has the focus. */
export function LeaveSongDialog({ blocker }: { blocker: LeaveBlocker }) {
  return (
    <Dialog
      open={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      aria-describedby={MESSAGE_ID}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle>{texts.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={MESSAGE_ID}>{texts.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          {texts.stay}
        </Button>
        <Button onClick={() => blocker.proceed?.()} color="error" variant="contained">
          {texts.leave}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
