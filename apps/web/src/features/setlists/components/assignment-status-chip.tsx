import Chip from '@mui/material/Chip';
import { PEOPLE_TEXTS } from '@segue/shared';
import type { AssignmentStatus } from '@segue/shared';

const COLORS = { pending: 'warning', accepted: 'success', declined: 'error' } as const;

/**
 * An assigned person's answer: Pending, Accepted or Declined. Positions saved before
 * answers were asked have none, and show nothing.
 */
export function AssignmentStatusChip({ status }: { status: AssignmentStatus | undefined }) {
  if (!status) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[status]}
      label={PEOPLE_TEXTS.statusLabel[status]}
    />
  );
}
