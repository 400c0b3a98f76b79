import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import { TEXTS } from '@segue/shared';
import { SegueLogo } from './segue-logo.tsx';

export function SegueHomeLink() {
  return (
    <Box
      component={RouterLink}
      to="/"
      aria-label={`${TEXTS.productName} home`}
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
      <span>{TEXTS.productName}</span>
    </Box>
  );
}
