import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createAppTheme } from '../../lib/theme.ts';
import { storedThemeMode } from '../../lib/storage.ts';
import type { ThemeMode } from '../../lib/storage.ts';
import { ThemeModeContext } from './theme-mode-context.ts';

// eslint-disable-next-line lingui/no-unlocalized-strings -- a media query, not a text
const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemMode(): ThemeMode {
  return window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

/** Applies Segue's theme in the stored mode, or the system's until the user picks one. */
/** The colour of the browser's bar in each mode (index.html, theme-init.js, the manifest). */
const THEME_BAR_COLOURS = { light: '#4a51db', dark: '#121212' } as const;

export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [chosenMode, setChosenMode] = useState<ThemeMode | null>(() => storedThemeMode.get());
  const [preferredMode, setPreferredMode] = useState<ThemeMode>(systemMode);
  const mode = chosenMode ?? preferredMode;

  // Without an explicit choice, follow the system when it switches (e.g. at sunset).
  useEffect(() => {
    if (chosenMode || !window.matchMedia) return;
    const query = window.matchMedia(DARK_QUERY);
    const onChange = () => setPreferredMode(query.matches ? 'dark' : 'light');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [chosenMode]);

  // Keeps the pre-paint colours of theme-init.js in step, so a reload paints the right mode at once.
  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    document.documentElement.style.colorScheme = mode;
    // The browser's (and the installed app's) bar, as theme-init.js sets it.
    for (const bar of document.querySelectorAll('meta[name="theme-color"]')) {
      bar.setAttribute('content', THEME_BAR_COLOURS[mode]);
    }
  }, [mode]);

  const toggleMode = useCallback(() => {
    const next: ThemeMode = mode === 'dark' ? 'light' : 'dark';
    storedThemeMode.set(next);
    setChosenMode(next);
  }, [mode]);

  const theme = useMemo(() => createAppTheme(mode), [mode]);
  const value = useMemo(() => ({ mode, toggleMode }), [mode, toggleMode]);

  return (
    <ThemeModeContext value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ThemeModeContext>
  );
}
