import { lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app-routes.tsx';
import { ErrorBoundary } from './components/error-boundary.tsx';
import { ThemeModeProvider } from './components/theme-mode/theme-mode-provider.tsx';
import { ToastProvider } from './components/toasts/toast-provider.tsx';
import { whenIdle } from './lib/when-idle.ts';

// The service worker and its update prompt load once the first screen is up, so the first
// load is unchanged (docs/DECISIONS.md, Offline, "Precache").
const UpdatePrompt = lazy(() =>
  import('./components/update-prompt.tsx').then((m) => ({ default: m.UpdatePrompt })),
);

/** True once the browser is idle after the first screen. */
function useIdle() {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}

// The query cache (TanStack Query) is not provided here: the screens that fetch, and the
// signed-in menus, bring it in lazily (components/routes/query-layer.tsx), so Landing and
// Login load without it.
export function App() {
  const idle = useIdle();
  return (
    <ThemeModeProvider>
      <ErrorBoundary>
        <ToastProvider>
          {/* Without transitions a navigation commits at once, showing the page's loading
              fallback, instead of leaving the previous page (and its guards) on screen while
              the next chunk loads: a guard that outlives a logout would send the user to /login. */}
          <BrowserRouter useTransitions={false}>
            <AppRoutes />
          </BrowserRouter>
          {idle && (
            <Suspense fallback={null}>
              <UpdatePrompt />
            </Suspense>
          )}
        </ToastProvider>
      </ErrorBoundary>
    </ThemeModeProvider>
  );
}
