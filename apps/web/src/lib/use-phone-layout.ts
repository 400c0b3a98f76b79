import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * True below MUI's `sm` breakpoint (600 px), where lists show one card per row instead of a
 * table. Only one of the two is rendered, so a screen reader never meets both.
 */
export function usePhoneLayout(): boolean {
  // noSsr: decide on the first render, so a phone never flashes the table first.
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
}
