import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { ErrorBoundary } from '../error-boundary.tsx';

/** The frame of screens that own the whole window (the presenter): no top bar, a black wait. */
export function FullScreenLayout() {
  const { pathname } = useLocation();
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: '#000000' }}>
      <ErrorBoundary resetKey={pathname}>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </ErrorBoundary>
    </Box>
  );
}
