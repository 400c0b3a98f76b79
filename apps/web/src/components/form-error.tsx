import Alert from '@mui/material/Alert';
import type { AlertColor } from '@mui/material/Alert';

export interface FormErrorValue {
  message: string;
  severity: AlertColor;
}

/**
 * A refused submit's message kept beside the form: the toast that also says it fades and sits
 * at the foot of the screen, where a phone's keyboard hides it. The toast is the one read aloud,
 * so this one is not a live region.
 */
export function FormError({ error }: { error: FormErrorValue | null }) {
  if (!error) return null;
  return (
    <Alert severity={error.severity} role="note" variant="outlined">
      {error.message}
    </Alert>
  );
}
