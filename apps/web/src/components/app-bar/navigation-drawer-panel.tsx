import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useT } from '../../lib/i18n/i18n.ts';
import type { NavLinkItem } from './nav-items.ts';

const activeLinkStyle = {
  '&.active': { bgcolor: 'action.selected', fontWeight: 600 },
} as const;

export interface NavigationDrawerPanelProps {
  id: string;
  open: boolean;
  onClose: () => void;
}

/** The drawer itself: the links, a divider, then the theme and account items below. */
export function NavigationDrawerPanel({
  id,
  open,
  onClose,
  links,
  children,
}: NavigationDrawerPanelProps & {
  links: readonly NavLinkItem[];
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Drawer
      id={id}
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-label': t('nav.navigation') } }}
    >
      <Box component="nav" aria-label={t('nav.navigationMenu')} sx={{ width: 264 }}>
        <List>
          {links.map((link) => (
            <ListItem key={link.to} disablePadding>
              <ListItemButton
                component={NavLink}
                to={link.to}
                onClick={onClose}
                sx={activeLinkStyle}
              >
                <ListItemText primary={t(link.label)} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        <Divider />
        <List>{children}</List>
      </Box>
    </Drawer>
  );
}
