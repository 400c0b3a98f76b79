import { Suspense, lazy } from 'react';
import { Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { useOfflineCopy } from '../../lib/offline/offline-copy.ts';
import { useTopBarHidden } from '../../lib/top-bar-visibility.ts';
import { TopBar } from '../app-bar/top-bar.tsx';
import { ErrorBoundary } from '../error-boundary.tsx';
import { PageLoading } from './page-loading.tsx';
import { useT } from '../../lib/i18n/i18n.ts';

const MAIN_ID = 'main-content';

// Loaded only when a screen shows the copy kept on the device, so the first load stays small.
const OfflineNotice = lazy(() =>
  import('../offline/offline-notice.tsx').then((m) => ({ default: m.OfflineNotice })),
);

/** Every screen's frame: skip link, top bar, and the route's page in <main>. */
export function AppLayout() {
  const t = useT();
  const { pathname } = useLocation();
  // The live view's stage mode gives the song the whole screen.
  const topBarHidden = useTopBarHidden();
  const offlineCopy = useOfflineCopy();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="a"
        href={`#${MAIN_ID}`}
        sx={{
          position: 'absolute',
          left: 8,
          top: -64,
          zIndex: (theme) => theme.zIndex.tooltip,
          px: 2,
          py: 1,
          borderRadius: 1,
          bgcolor: 'background.paper',
          color: 'text.primary',
          boxShadow: 4,
          '&:focus': { top: 8 },
        }}
      >
        {t('shell.skipToMain')}
      </Box>
      {!topBarHidden && <TopBar />}
      {offlineCopy !== null && (
        <Suspense fallback={null}>
          <OfflineNotice />
        </Suspense>
      )}
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </Box>
    </Box>
  );
}
