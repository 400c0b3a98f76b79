import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { useTopBarHidden } from '../../lib/top-bar-visibility.ts';
import { TopBar } from '../app-bar/top-bar.tsx';
import { ErrorBoundary } from '../error-boundary.tsx';
import { PageLoading } from './page-loading.tsx';

const MAIN_ID = 'main-content';

/** Every screen's frame: skip link, top bar, and the route's page in <main>. */
export function AppLayout() {
  const { pathname } = useLocation();
  // The live view's stage mode gives the song the whole screen.
  const topBarHidden = useTopBarHidden();
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
        Skip to main content
      </Box>
      {!topBarHidden && <TopBar />}
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
