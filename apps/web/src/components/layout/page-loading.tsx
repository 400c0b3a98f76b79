import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useT } from '../../lib/i18n/i18n.ts';

/** A centred progress indicator for content that is on its way. */
export function PageLoading() {
  const t = useT();
  return (
    <Box
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '50vh' }}
    >
      <CircularProgress aria-label={t('shell.loading')} />
    </Box>
  );
}
