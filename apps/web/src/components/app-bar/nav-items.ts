import type { MessageId } from '../../lib/i18n/i18n.ts';

/** The top bar's main links (spec section 2, "Global chrome"); `label` is a catalog key. */
export const MAIN_LINKS = [
  { label: 'nav.dashboard', to: '/dashboard' },
  { label: 'nav.sets', to: '/setlists' },
  { label: 'nav.songs', to: '/songs' },
] as const satisfies readonly NavLinkItem[];

export const ACCOUNT_SETTINGS_LINK = {
  label: 'nav.accountSettings',
  to: '/settings',
} as const satisfies NavLinkItem;

export const GUEST_LINKS = [
  { label: 'nav.login', to: '/login' },
  { label: 'nav.register', to: '/register' },
] as const satisfies readonly NavLinkItem[];

export interface NavLinkItem {
  label: MessageId;
  to: string;
}

export function themeToggleLabel(mode: 'light' | 'dark'): MessageId {
  return mode === 'dark' ? 'nav.switchToLight' : 'nav.switchToDark';
}
