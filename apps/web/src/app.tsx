import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app-routes.tsx';
import { ErrorBoundary } from './components/error-boundary.tsx';
import { ThemeModeProvider } from './components/theme-mode/theme-mode-provider.tsx';
import { ToastProvider } from './components/toasts/toast-provider.tsx';

// The query cache (TanStack Query) is not provided here: the screens that fetch, and the
// signed-in menus, bring it in lazily (components/routes/query-layer.tsx), so Landing and
// Login load without it.
export function App() {
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
        </ToastProvider>
      </ErrorBoundary>
    </ThemeModeProvider>
  );
}
