import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import { SegueLogo } from './segue-logo.tsx';
import { useT } from '../../lib/i18n/i18n.ts';

export function SegueHomeLink() {
  const t = useT();
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label={t('nav.home')}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        color: 'inherit',
        textDecoration: 'none',
        fontWeight: 700,
        fontSize: '1.25rem',
        letterSpacing: '0.02em',
        borderRadius: 1,
        '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 4 },
      }}
    >
      <SegueLogo />
      <span>{t('shell.productName')}</span>
    </Box>
  );
}
