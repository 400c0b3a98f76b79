import MenuItem from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import type { MemberChoice } from '../api/team-members.ts';

interface MemberSelectProps {
  /** The short visible label, e.g. "Leader". */
  label: string;
  /** The full name for assistive technology, e.g. "Leader for Amazing Grace". */
  accessibleName: string;
  /** The text of "nobody", e.g. "No Leader" or "Unassigned". */
  emptyLabel: string;
  value: string | null | undefined;
  onChange: (userId: string | null) => void;
  members: MemberChoice[];
  disabled?: boolean | undefined;
  /** Layout from the caller, after the select's own minimum width. */
  sx?: SxProps<Theme> | undefined;
}

/** Picks one of the team's members, or nobody. */
export function MemberSelect({
  label,
  accessibleName,
  emptyLabel,
  value,
  onChange,
  members,
  disabled = false,
  sx,
}: MemberSelectProps) {
  // Someone who has left the team stays visible (by id) until the planner picks another.
  const unknown = value && !members.some((member) => member.id === value) ? value : null;
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      disabled={disabled}
      sx={[{ minWidth: 200 }, ...(Array.isArray(sx) ? sx : [sx])]}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          displayEmpty: true,
          // Many rows share the visible label: the name says which row this select belongs to.
          SelectDisplayProps: { 'aria-label': accessibleName, 'aria-labelledby': undefined },
        },
      }}
    >
      <MenuItem value="">
        <em>{emptyLabel}</em>
      </MenuItem>
      {members.map((member) => (
        <MenuItem key={member.id} value={member.id}>
          {member.label}
        </MenuItem>
      ))}
      {unknown && <MenuItem value={unknown}>{unknown}</MenuItem>}
    </TextField>
  );
}
