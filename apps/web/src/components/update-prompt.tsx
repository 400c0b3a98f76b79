import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { useT } from '../lib/i18n/i18n.ts';

/**
 * Registers the service worker that lets Segue start without a signal and, when a new version
 * has been installed beside the running one, offers to reload into it. Until then the page
 * keeps running the files it started with: never a mix of old and new (docs/DECISIONS.md,
 * Offline, "Updates").
 */
export function UpdatePrompt() {
  const t = useT();
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError: (error: unknown) => console.warn('[pwa] service worker not registered', error),
  });
  return (
    <Snackbar
      open={needRefresh}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={
        <Button color="inherit" onClick={() => void updateServiceWorker(true)}>
          {t('shell.updateAvailable')}
        </Button>
      }
    />
  );
}
