import { Suspense, lazy, useId, useState } from 'react';
import type { MouseEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { useT } from '../../lib/i18n/i18n.ts';

const loadPopup = () => import('./account-menu-popup.tsx');
const AccountMenuPopup = lazy(() => loadPopup().then((m) => ({ default: m.AccountMenuPopup })));

/**
 * The logged-in user's menu: Account Settings, the dark mode switch and Logout. The button is
 * part of the first load; the menu itself (and the query cache Logout needs) loads when the
 * pointer or focus reaches the button, so the first click finds it ready.
 */
export function AccountMenu() {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Once opened the menu stays mounted, so it can play its closing transition.
  const [wanted, setWanted] = useState(false);
  const menuId = useId();
  const open = anchor !== null;
  const preload = () => void loadPopup();

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('nav.accountMenu')}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(event: MouseEvent<HTMLElement>) => {
          setAnchor(event.currentTarget);
          setWanted(true);
        }}
      >
        <AccountCircleIcon />
      </IconButton>
      {wanted && (
        <Suspense fallback={null}>
          <AccountMenuPopup id={menuId} anchorEl={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
