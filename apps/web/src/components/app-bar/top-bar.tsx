import { NavLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useSession } from '../../lib/session/session.ts';
import { AccountMenu } from './account-menu.tsx';
import { GUEST_LINKS, MAIN_LINKS } from './nav-items.ts';
import { NavigationDrawer } from './navigation-drawer.tsx';
import { SegueHomeLink } from './segue-home-link.tsx';
import { ThemeToggleButton } from './theme-toggle-button.tsx';
import { useT } from '../../lib/i18n/i18n.ts';

// An underline marks the current page: a tinted background would eat into the text's contrast.
const barLinkStyle = {
  px: 1.5,
  '&.active::after': {
    content: '""',
    position: 'absolute',
    left: 12,
    right: 12,
    bottom: 4,
    height: 2,
    borderRadius: 1,
    bgcolor: 'currentColor',
  },
} as const;

/** The global top bar: logo, main links and account menu, or Login and Register when logged out. */
export function TopBar() {
  const theme = useTheme();
  // noSsr: decide on the first render, so a phone never flashes the desktop bar.
  const isSmallScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const t = useT();
  const { account, isPending } = useSession();
  const loggedIn = account !== null;
  const links = loggedIn ? MAIN_LINKS : GUEST_LINKS;

  return (
    <AppBar position="sticky" color="primary" enableColorOnDark={false}>
      <Toolbar sx={{ gap: 1 }}>
        <SegueHomeLink />
        <Box sx={{ flexGrow: 1 }} />
        {/* Until the session is known, show neither set of links rather than the wrong one. */}
        {!isPending && (
          <Box
            component="nav"
            aria-label={t('nav.main')}
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
          >
            {isSmallScreen ? (
              <NavigationDrawer loggedIn={loggedIn} />
            ) : (
              <>
                {links.map((link) => (
                  <Button
                    key={link.to}
                    component={NavLink}
                    to={link.to}
                    color="inherit"
                    sx={barLinkStyle}
                  >
                    {t(link.label)}
                  </Button>
                ))}
                {loggedIn ? <AccountMenu /> : <ThemeToggleButton />}
              </>
            )}
          </Box>
        )}
      </Toolbar>
    </AppBar>
  );
}
