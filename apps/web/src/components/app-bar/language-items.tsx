import { useState } from 'react';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListItemButton from '@mui/material/ListItemButton';
import MenuItem from '@mui/material/MenuItem';
import CheckIcon from '@mui/icons-material/Check';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import TranslateIcon from '@mui/icons-material/Translate';
import { LOCALES, type Locale } from '@segue/shared';
import { useLocale, useT } from '../../lib/i18n/i18n.ts';
import { LOCALE_NAMES } from '../../lib/i18n/locale-choice.ts';
import { useChooseLocale } from '../../lib/i18n/use-choose-locale.ts';
import { useToast } from '../toasts/toast-context.ts';

/**
 * The account menu's and the drawer's "Language": one item showing the active language,
 * opening the six, each named in itself. Choosing one keeps it on this device and on the
 * account.
 */
export function LanguageItems({ inList = false }: { inList?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const { choose } = useChooseLocale();
  const { showToast } = useToast();

  const pick = (next: Locale) => {
    setOpen(false);
    void choose(next).then((saved) => {
      if (!saved) showToast(t('nav.languageSaveFailed'), 'warning');
    });
  };

  const toggle = (
    <>
      <ListItemIcon>
        <TranslateIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText secondary={LOCALE_NAMES[locale]}>{t('nav.language')}</ListItemText>
      {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
    </>
  );
  const option = (value: Locale) => (
    <>
      <ListItemIcon>{value === locale && <CheckIcon fontSize="small" />}</ListItemIcon>
      <ListItemText>{LOCALE_NAMES[value]}</ListItemText>
    </>
  );
  // In the drawer's list, buttons: a menu item outside a menu would be announced wrongly.
  if (inList) {
    return (
      <>
        <ListItemButton aria-expanded={open} onClick={() => setOpen((value) => !value)}>
          {toggle}
        </ListItemButton>
        {open &&
          LOCALES.map((value) => (
            <ListItemButton
              key={value}
              lang={value}
              aria-pressed={value === locale}
              onClick={() => pick(value)}
              sx={{ pl: 4 }}
            >
              {option(value)}
            </ListItemButton>
          ))}
      </>
    );
  }
  return (
    <>
      <MenuItem aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        {toggle}
      </MenuItem>
      {open &&
        LOCALES.map((value) => (
          <MenuItem
            key={value}
            lang={value}
            role="menuitemradio"
            aria-checked={value === locale}
            onClick={() => pick(value)}
            sx={{ pl: 4 }}
          >
            {option(value)}
          </MenuItem>
        ))}
    </>
  );
}
