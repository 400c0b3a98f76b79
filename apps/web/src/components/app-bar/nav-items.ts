/** The top bar's main links (spec section 2, "Global chrome"). */
export const MAIN_LINKS = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Sets', to: '/setlists' },
  { label: 'Songs', to: '/songs' },
] as const;

export const ACCOUNT_SETTINGS_LINK = { label: 'Account Settings', to: '/settings' } as const;

export const GUEST_LINKS = [
  { label: 'Login', to: '/login' },
  { label: 'Register', to: '/register' },
] as const;

export const DARK_MODE_LABEL = 'Dark mode';
export const LOGOUT_LABEL = 'Logout';

export function themeToggleLabel(mode: 'light' | 'dark'): string {
  return mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
}
