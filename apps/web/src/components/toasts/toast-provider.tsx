import { useCallback, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { SnackbarCloseReason } from '@mui/material/Snackbar';
import { LIMITS } from '@segue/shared';
import { ToastContext } from './toast-context.ts';
import type { ToastSeverity } from './toast-context.ts';

interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
}

/** Provides `useToast()` and shows one toast at a time; a new toast replaces the current one. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const [open, setOpen] = useState(false);

  const showToast = useCallback((message: string, severity: ToastSeverity = 'info') => {
    setToast((previous) => ({ id: (previous?.id ?? 0) + 1, message, severity }));
    setOpen(true);
  }, []);

  const handleClose = useCallback((_event?: unknown, reason?: SnackbarCloseReason) => {
    // A click elsewhere on the page (often the click that caused the toast) must not hide it.
    if (reason === 'clickaway') return;
    setOpen(false);
  }, []);

  const api = useMemo(() => ({ showToast }), [showToast]);

  return (
    <ToastContext value={api}>
      {children}
      <Snackbar
        key={toast?.id}
        open={open}
        onClose={handleClose}
        autoHideDuration={LIMITS.toastAutoHideMs}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          onClose={handleClose}
          severity={toast?.severity ?? 'info'}
          variant="standard"
          sx={{ width: '100%', boxShadow: 6, border: 1, borderColor: 'divider' }}
        >
          {toast?.message}
        </Alert>
      </Snackbar>
    </ToastContext>
  );
}
