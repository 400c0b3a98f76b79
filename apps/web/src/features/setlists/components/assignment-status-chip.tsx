import Chip from '@mui/material/Chip';
import type { AssignmentStatus } from '@segue/shared';
import { useT } from '../../../lib/i18n/i18n.ts';

const COLORS = { pending: 'warning', accepted: 'success', declined: 'error' } as const;

/**
 * An assigned person's answer: Pending, Accepted or Declined. Positions saved before
 * answers were asked have none, and show nothing.
 */
export function AssignmentStatusChip({ status }: { status: AssignmentStatus | undefined }) {
  const t = useT();
  if (!status) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[status]}
      label={t(`setlists.status.${status}`)}
    />
  );
}
