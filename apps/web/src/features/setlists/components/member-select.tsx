import { useMemo } from 'react';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import type { MemberChoice } from '../api/team-members.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

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
  /**
   * The position being filled: the members who play it come first, marked "plays …".
   */
  position?: string | undefined;
  /** The members away on the setlist's day: marked in the list, and warned about once chosen. */
  away?: ReadonlySet<string> | undefined;
}

const plays = (member: MemberChoice, position: string) => {
  const wanted = position.trim().toLowerCase();
  return (member.positions ?? []).some((p) => p.trim().toLowerCase() === wanted);
};

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
  position,
  away,
}: MemberSelectProps) {
  const t = useT();
  // Those who play the position first, each group in the list's own (name) order.
  const ordered = useMemo(() => {
    if (!position) return members.map((member) => ({ member, playsIt: false }));
    const rows = members.map((member) => ({ member, playsIt: plays(member, position) }));
    return [...rows.filter((r) => r.playsIt), ...rows.filter((r) => !r.playsIt)];
  }, [members, position]);
  // Someone who has left the team stays visible (by id) until the planner picks another.
  const unknown = value && !members.some((member) => member.id === value) ? value : null;
  const labelOf = (id: string) => members.find((member) => member.id === id)?.label ?? id;
  const warning =
    value && away?.has(value)
      ? t('setlists.member.awayOnThisDate', { name: labelOf(value) })
      : null;

  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
      disabled={disabled}
      helperText={warning}
      sx={[{ minWidth: 200 }, ...(Array.isArray(sx) ? sx : [sx])]}
      slotProps={{
        inputLabel: { shrink: true },
        formHelperText: {
          // Warning orange is 3:1 on white: the darker shade the theme's warning chip uses.
          sx: {
            fontWeight: 500,
            color: (theme) =>
              theme.palette.mode === 'light' ? '#8a4500' : theme.palette.warning.light,
          },
        },
        select: {
          displayEmpty: true,
          // The chosen member by name only; the list's marks are for choosing.
          renderValue: (selected) =>
            typeof selected === 'string' && selected ? labelOf(selected) : <em>{emptyLabel}</em>,
          // Many rows share the visible label: the name says which row this select belongs to.
          SelectDisplayProps: { 'aria-label': accessibleName, 'aria-labelledby': undefined },
        },
      }}
    >
      <MenuItem value="">
        <em>{emptyLabel}</em>
      </MenuItem>
      {ordered.map(({ member, playsIt }) => {
        const playsMark =
          playsIt && position ? t('setlists.member.plays', { position }) : undefined;
        const awayMark = away?.has(member.id) ? t('setlists.member.away') : undefined;
        return (
          <MenuItem key={member.id} value={member.id}>
            <ListItemText
              primary={member.label}
              secondary={
                playsMark && awayMark
                  ? t('setlists.member.marks', { first: playsMark, second: awayMark })
                  : (playsMark ?? awayMark)
              }
              sx={{ my: 0 }}
            />
          </MenuItem>
        );
      })}
      {unknown && <MenuItem value={unknown}>{unknown}</MenuItem>}
    </TextField>
  );
}
