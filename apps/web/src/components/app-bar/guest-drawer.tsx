import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { useThemeMode } from '../theme-mode/theme-mode-context.ts';
import { GUEST_LINKS, themeToggleLabel } from './nav-items.ts';
import { NavigationDrawerPanel } from './navigation-drawer-panel.tsx';
import type { NavigationDrawerPanelProps } from './navigation-drawer-panel.tsx';
import { useT } from '../../lib/i18n/i18n.ts';

/** The logged-out visitor's drawer: Login, Register and the theme switch. */
export function GuestDrawer(props: NavigationDrawerPanelProps) {
  const t = useT();
  const { mode, toggleMode } = useThemeMode();
  return (
    <NavigationDrawerPanel {...props} links={GUEST_LINKS}>
      <ListItem disablePadding>
        <ListItemButton onClick={toggleMode}>
          <ListItemIcon>{mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}</ListItemIcon>
          <ListItemText primary={t(themeToggleLabel(mode))} />
        </ListItemButton>
      </ListItem>
    </NavigationDrawerPanel>
  );
}
