import Alert from '@mui/material/Alert';
import { useT } from '../../lib/i18n/i18n.ts';
import { keptTime, useOfflineCopy } from '../../lib/offline/offline-copy.ts';

/**
 * "Offline – showing the copy from <time>" while the screens show the music kept on this device,
 * with the reason changes are turned off (docs/DECISIONS.md, Offline, "Offline screens").
 */
export function OfflineNotice() {
  const t = useT();
  const copy = useOfflineCopy();
  if (copy === null) return null;
  return (
    <Alert severity="info" role="status" sx={{ borderRadius: 0, py: 0 }}>
      <strong>{t('shell.offlineNotice', { time: keptTime(copy) })}</strong> {t('shell.changesOff')}
    </Alert>
  );
}
