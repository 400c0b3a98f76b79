import { createContext, useContext } from 'react';
import type { ThemeMode } from '../../lib/storage.ts';

export interface ThemeModeValue {
  mode: ThemeMode;
  toggleMode: () => void;
}

export const ThemeModeContext = createContext<ThemeModeValue | null>(null);

/** The current light/dark mode and a way to switch it. */
export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used inside <ThemeModeProvider>');
  return value;
}
