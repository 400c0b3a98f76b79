import { createTheme } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import { THEME_COLORS, TOOLTIP } from '@segue/shared';
import type { ThemeMode } from './storage.ts';

/**
 * #646cff reaches only about 4:1 against white and the dark paper, short of the
 * 4.5:1 that normal-size text needs. It stays the primary colour for surfaces and
 * accents; text and filled buttons use these shades instead.
 */
const PRIMARY_SHADES = {
  /** 6.0:1 on white, 5.5:1 on the light background; white text on it is 6.0:1. */
  dark: '#4a51db',
  /** Hover of filled buttons. */
  darker: '#3f46c4',
  /** 6.6:1 on the dark paper. */
  light: '#9499ff',
} as const;

const colorTransition = `background-color ${THEME_COLORS.transitionSeconds}s ease, color ${THEME_COLORS.transitionSeconds}s ease`;

/** Segue's MUI theme for the given mode. */
export function createAppTheme(mode: ThemeMode): Theme {
  const surfaces = THEME_COLORS[mode];
  const primaryText = mode === 'light' ? PRIMARY_SHADES.dark : PRIMARY_SHADES.light;

  return createTheme({
    palette: {
      mode,
      primary: {
        main: THEME_COLORS.primary,
        dark: PRIMARY_SHADES.dark,
        light: PRIMARY_SHADES.light,
        contrastText: '#ffffff',
      },
      background: { default: surfaces.background, paper: surfaces.paper },
    },
    shape: { borderRadius: 10 },
    // A device that asks for less motion gets menus, dialogs, ripples and collapses at once.
    motion: { reducedMotion: 'system' },
    typography: {
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          body: { transition: colorTransition },
          // Someone who asked for less motion gets the new colours at once.
          '@media (prefers-reduced-motion: reduce)': {
            'body, .MuiPaper-root': { transition: 'none !important' },
          },
        },
      },
      MuiPaper: {
        styleOverrides: {
          root: ({ theme }) => ({
            transition: `${colorTransition}, box-shadow ${theme.transitions.duration.short}ms`,
          }),
        },
      },
      MuiAppBar: {
        styleOverrides: {
          // White on #646cff is under 4.5:1, so the light bar uses the darker shade.
          colorPrimary: mode === 'light' ? { backgroundColor: PRIMARY_SHADES.dark } : {},
        },
      },
      MuiButton: {
        styleOverrides: {
          root: {
            variants: [
              {
                props: { variant: 'contained', color: 'primary' },
                style: {
                  backgroundColor: PRIMARY_SHADES.dark,
                  '&:hover': { backgroundColor: PRIMARY_SHADES.darker },
                },
              },
              // The dark palette's error red (#f44336) carries white text at only 3.7:1; keep
              // the light palette's shades (4.98:1) for destructive buttons in both modes.
              {
                props: { variant: 'contained', color: 'error' },
                style: { backgroundColor: '#d32f2f', '&:hover': { backgroundColor: '#c62828' } },
              },
              { props: { variant: 'text', color: 'primary' }, style: { color: primaryText } },
              {
                props: { variant: 'outlined', color: 'primary' },
                style: { color: primaryText, borderColor: primaryText },
              },
            ],
          },
        },
      },
      MuiLink: {
        styleOverrides: { root: { color: primaryText, textDecorationColor: primaryText } },
      },
      MuiTab: {
        styleOverrides: { root: { '&.Mui-selected': { color: primaryText } } },
      },
      // MUI's toggle text (action.active, 54% black) falls under 4.5:1 on the light background,
      // and the selected primary one is #646cff (4:1); these keep both above it in both modes.
      MuiToggleButton: {
        styleOverrides: {
          root: ({ theme }) => ({
            color: theme.palette.text.secondary,
            '&.Mui-selected': { color: theme.palette.text.primary },
            '&.Mui-selected.MuiToggleButton-primary': { color: primaryText },
          }),
        },
      },
      MuiChip: {
        // White text on #646cff is under 4.5:1 in both modes.
        styleOverrides: {
          root: {
            variants: [
              {
                props: { variant: 'filled', color: 'primary' },
                style: { backgroundColor: PRIMARY_SHADES.dark },
              },
              // The live view's "Reconnecting…" and "Offline": warning orange is 3:1 on white.
              {
                props: { variant: 'outlined', color: 'warning' },
                style: mode === 'light' ? { color: '#8a4500', borderColor: '#8a4500' } : {},
              },
              {
                props: { variant: 'outlined', color: 'error' },
                style: mode === 'light' ? { color: '#c62828', borderColor: '#c62828' } : {},
              },
            ],
          },
        },
      },
      MuiFormLabel: {
        styleOverrides: { root: { '&.Mui-focused:not(.Mui-error)': { color: primaryText } } },
      },
      MuiTooltip: {
        defaultProps: {
          enterDelay: TOOLTIP.enterDelay,
          enterTouchDelay: TOOLTIP.enterTouchDelay,
          leaveTouchDelay: TOOLTIP.leaveTouchDelay,
        },
        styleOverrides: { tooltip: { maxWidth: TOOLTIP.maxWidth } },
      },
    },
  });
}
