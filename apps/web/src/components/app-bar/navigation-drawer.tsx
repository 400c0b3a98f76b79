import { useId, useState } from 'react';
import { NavLink } from 'react-router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Switch from '@mui/material/Switch';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import { useLogout } from '../../features/accounts/api/logout.ts';
import { useThemeMode } from '../theme-mode/theme-mode-context.ts';
import {
  ACCOUNT_SETTINGS_LINK,
  DARK_MODE_LABEL,
  GUEST_LINKS,
  LOGOUT_LABEL,
  MAIN_LINKS,
  themeToggleLabel,
} from './nav-items.ts';

const activeLinkStyle = {
  '&.active': { bgcolor: 'action.selected', fontWeight: 600 },
} as const;

interface NavigationDrawerProps {
  loggedIn: boolean;
}

/** Small screens: the top bar's items in a drawer behind a menu button. */
export function NavigationDrawer({ loggedIn }: NavigationDrawerProps) {
  const [open, setOpen] = useState(false);
  const { mode, toggleMode } = useThemeMode();
  const logout = useLogout();
  const drawerId = useId();
  const darkModeLabelId = useId();
  const close = () => setOpen(false);
  const links = loggedIn ? [...MAIN_LINKS, ACCOUNT_SETTINGS_LINK] : GUEST_LINKS;

  return (
    <>
      <IconButton
        color="inherit"
        edge="end"
        aria-label="Open navigation"
        aria-controls={open ? drawerId : undefined}
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <MenuIcon />
      </IconButton>
      <Drawer
        id={drawerId}
        anchor="right"
        open={open}
        onClose={close}
        slotProps={{ paper: { 'aria-label': 'Navigation' } }}
      >
        <Box component="nav" aria-label="Navigation menu" sx={{ width: 264 }}>
          <List>
            {links.map((link) => (
              <ListItem key={link.to} disablePadding>
                <ListItemButton
                  component={NavLink}
                  to={link.to}
                  onClick={close}
                  sx={activeLinkStyle}
                >
                  <ListItemText primary={link.label} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
          <Divider />
          <List>
            {loggedIn ? (
              <>
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
                  <ListItemText id={darkModeLabelId} primary={DARK_MODE_LABEL} />
                </ListItem>
                <ListItem disablePadding>
                  <ListItemButton
                    disabled={logout.isPending}
                    onClick={() => {
                      close();
                      logout.mutate();
                    }}
                  >
                    <ListItemIcon>
                      <LogoutIcon />
                    </ListItemIcon>
                    <ListItemText primary={LOGOUT_LABEL} />
                  </ListItemButton>
                </ListItem>
              </>
            ) : (
              <ListItem disablePadding>
                <ListItemButton onClick={toggleMode}>
                  <ListItemIcon>
                    {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
                  </ListItemIcon>
                  <ListItemText primary={themeToggleLabel(mode)} />
                </ListItemButton>
              </ListItem>
            )}
          </List>
        </Box>
      </Drawer>
    </>
  );
}
