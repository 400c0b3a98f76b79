import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { ToastContext } from './toast-context.ts';
import type { ToastSeverity } from './toast-context.ts';

// The snackbar and alert are not needed to paint a page: they load with the first toast.
const ToastView = lazy(() => import('./toast-view.tsx').then((m) => ({ default: m.ToastView })));

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

  const handleClose = useCallback((_event?: unknown, reason?: string) => {
    // A click elsewhere on the page (often the click that caused the toast) must not hide it.
    if (reason === 'clickaway') return;
    setOpen(false);
  }, []);

  const api = useMemo(() => ({ showToast }), [showToast]);

  return (
    <ToastContext value={api}>
      {children}
      {toast && (
        <Suspense fallback={null}>
          <ToastView
            key={toast.id}
            open={open}
            message={toast.message}
            severity={toast.severity}
            onClose={handleClose}
          />
        </Suspense>
      )}
    </ToastContext>
  );
}
