import { Link as RouterLink } from 'react-router';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LogoutIcon from '@mui/icons-material/Logout';
import SettingsIcon from '@mui/icons-material/Settings';
import { useLogout } from '../../lib/session/logout.ts';
import { WithQueryClient } from '../routes/query-layer.tsx';
import { useThemeMode } from '../theme-mode/theme-mode-context.ts';
import { useT } from '../../lib/i18n/i18n.ts';
import { LanguageItems } from './language-items.tsx';
import { ACCOUNT_SETTINGS_LINK } from './nav-items.ts';

export interface AccountMenuPopupProps {
  id: string;
  anchorEl: HTMLElement | null;
  onClose: () => void;
}

/** The account menu's items, loaded when the menu is first opened (or about to be). */
export function AccountMenuPopup(props: AccountMenuPopupProps) {
  return (
    <WithQueryClient>
      <AccountMenuItems {...props} />
    </WithQueryClient>
  );
}

function AccountMenuItems({ id, anchorEl, onClose }: AccountMenuPopupProps) {
  const t = useT();
  const { mode, toggleMode } = useThemeMode();
  const logout = useLogout();

  return (
    <Menu
      id={id}
      anchorEl={anchorEl}
      open={anchorEl !== null}
      onClose={onClose}
      // 'menu' keeps focus on the first item; 'selectedMenu' would jump to the checked switch.
      variant="menu"
      // Drawn inside the app bar rather than at the end of the page, so the menu sits in the
      // bar's landmark, where a screen reader's landmark list finds it.
      disablePortal
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <MenuItem component={RouterLink} to={ACCOUNT_SETTINGS_LINK.to} onClick={onClose}>
        <ListItemIcon>
          <SettingsIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t(ACCOUNT_SETTINGS_LINK.label)}</ListItemText>
      </MenuItem>
      {/* Stays open on a choice, like the theme below, so the user sees the menu in it. */}
      <LanguageItems />
      {/* Stays open on toggle so the user sees the new theme next to the switch. */}
      <MenuItem role="menuitemcheckbox" aria-checked={mode === 'dark'} onClick={toggleMode}>
        <ListItemIcon>
          <DarkModeIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('nav.darkMode')}</ListItemText>
        {/* The menu item is the control (its children are presentational); the switch only shows the state. */}
        <span inert style={{ display: 'inline-flex', marginLeft: 8 }}>
          <Switch size="small" edge="end" checked={mode === 'dark'} readOnly tabIndex={-1} />
        </span>
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          logout.mutate();
        }}
        disabled={logout.isPending}
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('nav.logout')}</ListItemText>
      </MenuItem>
    </Menu>
  );
}
