import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { SnackbarCloseReason } from '@mui/material/Snackbar';
import { LIMITS } from '@segue/shared';
import type { ToastSeverity } from './toast-context.ts';

export interface ToastViewProps {
  open: boolean;
  message: string;
  severity: ToastSeverity;
  onClose: (event?: unknown, reason?: SnackbarCloseReason) => void;
}

/** One toast at the bottom centre; loaded with the first toast of the visit. */
export function ToastView({ open, message, severity, onClose }: ToastViewProps) {
  return (
    <Snackbar
      open={open}
      onClose={onClose}
      autoHideDuration={LIMITS.toastAutoHideMs}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        onClose={onClose}
        severity={severity}
        variant="standard"
        sx={{ width: '100%', boxShadow: 6, border: 1, borderColor: 'divider' }}
      >
        {message}
      </Alert>
    </Snackbar>
  );
}
