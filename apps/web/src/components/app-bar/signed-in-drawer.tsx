import { useId } from 'react';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LogoutIcon from '@mui/icons-material/Logout';
import { useLogout } from '../../lib/session/logout.ts';
import { WithQueryClient } from '../routes/query-layer.tsx';
import { useThemeMode } from '../theme-mode/theme-mode-context.ts';
import { useT } from '../../lib/i18n/i18n.ts';
import { LanguageItems } from './language-items.tsx';
import { ACCOUNT_SETTINGS_LINK, MAIN_LINKS } from './nav-items.ts';
import { NavigationDrawerPanel } from './navigation-drawer-panel.tsx';
import type { NavigationDrawerPanelProps } from './navigation-drawer-panel.tsx';

const SIGNED_IN_LINKS = [...MAIN_LINKS, ACCOUNT_SETTINGS_LINK];

/** The logged-in user's drawer: the main links, Account Settings, dark mode and Logout. */
export function SignedInDrawer(props: NavigationDrawerPanelProps) {
  return (
    <WithQueryClient>
      <SignedInDrawerPanel {...props} />
    </WithQueryClient>
  );
}

function SignedInDrawerPanel(props: NavigationDrawerPanelProps) {
  const t = useT();
  const { mode, toggleMode } = useThemeMode();
  const logout = useLogout();
  const darkModeLabelId = useId();
  return (
    <NavigationDrawerPanel {...props} links={SIGNED_IN_LINKS}>
      <ListItem
        secondaryAction={
          <Switch
            edge="end"
            checked={mode === 'dark'}
            onChange={toggleMode}
            slotProps={{ input: { 'aria-labelledby': darkModeLabelId } }}
          />
        }
      >
        <ListItemIcon>
          <DarkModeIcon />
        </ListItemIcon>
        <ListItemText id={darkModeLabelId} primary={t('nav.darkMode')} />
      </ListItem>
      <LanguageItems inList />
      <ListItem disablePadding>
        <ListItemButton
          disabled={logout.isPending}
          onClick={() => {
            props.onClose();
            logout.mutate();
          }}
        >
          <ListItemIcon>
            <LogoutIcon />
          </ListItemIcon>
          <ListItemText primary={t('nav.logout')} />
        </ListItemButton>
      </ListItem>
    </NavigationDrawerPanel>
  );
}
