import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import type { SxProps, Theme } from '@mui/material/styles';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useT } from '../lib/i18n/i18n.ts';
import type { LiveConnectionStatus as Status } from '../lib/live-socket.ts';

interface LiveConnectionStatusProps {
  status: Status;
  onReconnect: () => void;
  sx?: SxProps<Theme>;
}

/**
 * A calm sign of a dropped live connection: nothing while connected, "Reconnecting…" while
 * socket.io retries, "Offline" and a Reconnect button once it gave up. The region is always
 * there, so screen readers hear the change.
 */
export function LiveConnectionStatus({ status, onReconnect, sx }: LiveConnectionStatusProps) {
  const t = useT();
  return (
    <Box sx={[{ display: 'inline-flex', alignItems: 'center', gap: 1 }, ...toArray(sx)]}>
      <Box role="status" sx={{ display: 'inline-flex' }}>
        {status === 'reconnecting' && (
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            icon={<CircularProgress size={12} color="inherit" aria-hidden />}
            label={t('live.reconnecting')}
            sx={{ bgcolor: 'background.paper' }}
          />
        )}
        {status === 'offline' && (
          <Chip
            size="small"
            color="error"
            variant="outlined"
            icon={<CloudOffIcon aria-hidden />}
            label={t('live.offline')}
            sx={{ bgcolor: 'background.paper' }}
          />
        )}
      </Box>
      {status === 'offline' && (
        <Button size="small" variant="outlined" onClick={onReconnect}>
          {t('live.reconnect')}
        </Button>
      )}
    </Box>
  );
}

function toArray(sx: SxProps<Theme> | undefined) {
  if (!sx) return [];
  return Array.isArray(sx) ? sx : [sx];
}
