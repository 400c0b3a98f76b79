import GlobalStyles from '@mui/material/GlobalStyles';
import Button from '@mui/material/Button';
import PrintIcon from '@mui/icons-material/Print';
import { useT } from '../../lib/i18n/i18n.ts';

/** Spread on what paper must not show (controls, toggles): `<Stack {...PRINT_HIDDEN}>`. */
export const PRINT_HIDDEN = { 'data-print': 'hide' } as const;
/** Spread on what only paper shows. */
export const PRINT_ONLY = { 'data-print': 'only' } as const;
/** Spread on each song of a printed setlist: each starts a new sheet. */
export const PRINT_SHEET = { 'data-print-sheet': '' } as const;

const MAIN = '#main-content';

/* eslint-disable lingui/no-unlocalized-strings -- CSS values, not texts */
/**
 * The print stylesheet of the chart pages (song view, setlist view): black on white, no app
 * bar, navigation or controls, a part never split across sheets, each song of a set on its own
 * sheet. Mounted by those pages only, so no other page prints differently.
 */
const PRINT_CSS = {
  '@media screen': {
    '[data-print="only"]': { display: 'none !important' },
  },
  '@page': { margin: '15mm' },
  '@media print': {
    'html, body': {
      backgroundColor: '#fff !important',
      color: '#000 !important',
      colorScheme: 'light',
      // The theme's colour change would fade the page to white: paper gets it at once.
      transition: 'none !important',
    },
    [[
      '.MuiAppBar-root',
      '.MuiSnackbar-root',
      'nav',
      `a[href="${MAIN}"]`,
      '[data-print="hide"]',
      `${MAIN} button`,
      `${MAIN} .MuiButtonBase-root`,
      `${MAIN} .MuiSwitch-root`,
    ].join(', ')]: { display: 'none !important' },
    [`${MAIN}, ${MAIN} *`]: {
      color: '#000 !important',
      backgroundColor: 'transparent !important',
      boxShadow: 'none !important',
      textShadow: 'none !important',
      transition: 'none !important',
    },
    // A hidden back button leaves no gap before the heading beside it.
    '[data-print="hide"] + *': { marginLeft: '0 !important' },
    [`${MAIN} .MuiDivider-root`]: { borderColor: '#999 !important' },
    [`${MAIN} > *`]: { maxWidth: 'none !important', padding: '0 !important' },
    '[data-print-sheet] ~ [data-print-sheet]': { breakBefore: 'page' },
    '[data-chart-part]': { breakInside: 'avoid' },
    '[data-chart-part] h2, [data-chart-part] h3': { breakAfter: 'avoid' },
    '[data-chart-lines]': { fontSize: '11pt' },
  },
} as const;
/* eslint-enable lingui/no-unlocalized-strings */

/** Mounts the chart pages' print stylesheet while the page is shown. */
export function ChartPrintStyles() {
  return <GlobalStyles styles={PRINT_CSS} />;
}

/** Opens the browser's print dialog; the print stylesheet decides what the sheets show. */
export function PrintButton() {
  const t = useT();
  return (
    <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
      {t('chart.print')}
    </Button>
  );
}
