import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { LeaveBlocker } from '../hooks/use-leave-blocker.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

const MESSAGE_ID = 'leave-song-message';

/** Asks before the song form is left with changes not saved; Stay has the focus. */
export function LeaveSongDialog({ blocker }: { blocker: LeaveBlocker }) {
  const t = useT();
  return (
    <Dialog
      open={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      aria-describedby={MESSAGE_ID}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle>{t('songs.leave.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={MESSAGE_ID}>{t('songs.leave.message')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          {t('songs.leave.stay')}
        </Button>
        <Button onClick={() => blocker.proceed?.()} color="error" variant="contained">
          {t('songs.leave.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
