import { Suspense, lazy, useId, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import MenuIcon from '@mui/icons-material/Menu';
import { useT } from '../../lib/i18n/i18n.ts';

const loadGuestDrawer = () => import('./guest-drawer.tsx');
const loadSignedInDrawer = () => import('./signed-in-drawer.tsx');
const GuestDrawer = lazy(() => loadGuestDrawer().then((m) => ({ default: m.GuestDrawer })));
const SignedInDrawer = lazy(() =>
  loadSignedInDrawer().then((m) => ({ default: m.SignedInDrawer })),
);

interface NavigationDrawerProps {
  loggedIn: boolean;
}

/**
 * Small screens: the top bar's items in a drawer behind a menu button. The button is part of
 * the first load; the drawer loads when the pointer or focus reaches the button.
 */
export function NavigationDrawer({ loggedIn }: NavigationDrawerProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  // Once opened the drawer stays mounted, so it can play its closing transition; logging out
  // swaps the signed-in drawer for the guest one, loaded again only when wanted.
  const [wantedFor, setWantedFor] = useState<boolean | null>(null);
  const wanted = wantedFor === loggedIn;
  const drawerId = useId();
  const preload = () => void (loggedIn ? loadSignedInDrawer() : loadGuestDrawer());
  const Panel = loggedIn ? SignedInDrawer : GuestDrawer;

  return (
    <>
      <IconButton
        color="inherit"
        edge="end"
        aria-label={t('nav.openNavigation')}
        aria-controls={open ? drawerId : undefined}
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setOpen(true);
          setWantedFor(loggedIn);
        }}
      >
        <MenuIcon />
      </IconButton>
      {wanted && (
        <Suspense fallback={null}>
          <Panel id={drawerId} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
