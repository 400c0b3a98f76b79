import { createContext, useContext } from 'react';
import type { AlertColor } from '@mui/material/Alert';

export type ToastSeverity = AlertColor;

export interface ToastApi {
  /** Shows a message at the bottom centre; severity defaults to 'info'. */
  showToast: (message: string, severity?: ToastSeverity) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside <ToastProvider>');
  return value;
}
