import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';

interface CardListProps {
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** The cards, each a `<Card component="li">`. */
  children: ReactNode;
}

/** On a phone, a list that a wider screen shows as a table: one card per row, stacked. */
export function CardList({ children, ...labelling }: CardListProps) {
  return (
    // role="list": Safari drops the list role of a list without bullets.
    <Stack
      component="ul"
      role="list"
      spacing={1.5}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      {...labelling}
    >
      {children}
    </Stack>
  );
}
