import { useId, useState } from 'react';
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LogoutIcon from '@mui/icons-material/Logout';
import SettingsIcon from '@mui/icons-material/Settings';
import { useLogout } from '../../features/accounts/api/logout.ts';
import { useThemeMode } from '../theme-mode/theme-mode-context.ts';
import { ACCOUNT_SETTINGS_LINK, DARK_MODE_LABEL, LOGOUT_LABEL } from './nav-items.ts';

/** The logged-in user's menu: Account Settings, the dark mode switch and Logout. */
export function AccountMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { mode, toggleMode } = useThemeMode();
  const logout = useLogout();
  const menuId = useId();
  const open = anchor !== null;
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        color="inherit"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      >
        <AccountCircleIcon />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        // 'menu' keeps focus on the first item; 'selectedMenu' would jump to the checked switch.
        variant="menu"
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem component={RouterLink} to={ACCOUNT_SETTINGS_LINK.to} onClick={close}>
          <ListItemIcon>
            <SettingsIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{ACCOUNT_SETTINGS_LINK.label}</ListItemText>
        </MenuItem>
        {/* Stays open on toggle so the user sees the new theme next to the switch. */}
        <MenuItem role="menuitemcheckbox" aria-checked={mode === 'dark'} onClick={toggleMode}>
          <ListItemIcon>
            <DarkModeIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{DARK_MODE_LABEL}</ListItemText>
          {/* The menu item is the control (its children are presentational); the switch only shows the state. */}
          <span inert style={{ display: 'inline-flex', marginLeft: 8 }}>
            <Switch size="small" edge="end" checked={mode === 'dark'} readOnly tabIndex={-1} />
          </span>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            logout.mutate();
          }}
          disabled={logout.isPending}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{LOGOUT_LABEL}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
