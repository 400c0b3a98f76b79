import Alert from '@mui/material/Alert';
import { OFFLINE_TEXTS, keptTime, useOfflineCopy } from '../../lib/offline/offline-copy.ts';

/**
 * "Offline – showing the copy from <time>" while the screens show the music kept on this device,
 * with the reason changes are turned off (docs/DECISIONS.md, Offline, "Offline screens").
 */
export function OfflineNotice() {
  const copy = useOfflineCopy();
  if (copy === null) return null;
  return (
    <Alert severity="info" role="status" sx={{ borderRadius: 0, py: 0 }}>
      <strong>{OFFLINE_TEXTS.notice(keptTime(copy))}</strong> {OFFLINE_TEXTS.changesOff}
    </Alert>
  );
}
