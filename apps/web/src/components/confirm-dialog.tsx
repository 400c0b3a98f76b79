import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useT } from '../lib/i18n/i18n.ts';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  /** The confirm button's text: the action's verb, e.g. "Delete". */
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  /** While the action runs both buttons are disabled and the dialog stays open. */
  pending?: boolean;
}

/** Asks "are you sure?" before a destructive action; Cancel has the focus. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
  pending = false,
}: ConfirmDialogProps) {
  const t = useT();
  const messageId = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-describedby={messageId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending} autoFocus>
          {t('common.cancel')}
        </Button>
        <Button onClick={onConfirm} disabled={pending} color="error" variant="contained">
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
