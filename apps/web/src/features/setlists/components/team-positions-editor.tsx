import { useId, useRef, useState } from 'react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { POSITION_OPTIONS, SETLIST_LIMITS, matchAssignments } from '@segue/shared';
import type { Position } from '@segue/shared';
import type { MemberChoice } from '../api/team-members.ts';
import { AssignmentStatusChip } from './assignment-status-chip.tsx';
import { MemberSelect } from './member-select.tsx';
import type { SetlistFormControl } from './setlist-form-values.ts';
import { fieldError } from '../../../lib/i18n/server-texts.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

// The list's own value that opens the custom field: data of POSITION_OPTIONS, not a text.
// eslint-disable-next-line lingui/no-unlocalized-strings
const OTHER: (typeof POSITION_OPTIONS)[number] = 'Other';

interface TeamPositionsEditorProps {
  control: SetlistFormControl;
  members: MemberChoice[];
  /** The shared schema's complaint about the positions as a whole (too many). */
  error?: string | undefined;
  disabled?: boolean;
  /** Members away on the setlist's day: one assigned is warned about. */
  away?: ReadonlySet<string> | undefined;
  /** The positions as saved, with their answers: shown beside the rows that keep them. */
  saved?: readonly Position[] | undefined;
}

/** "Team Positions and Assignments": who plays what in this setlist. */
export function TeamPositionsEditor({
  control,
  members,
  error,
  disabled = false,
  away,
  saved = [],
}: TeamPositionsEditorProps) {
  const t = useT();
  const headingId = useId();
  const { fields, append, remove } = useFieldArray({ control, name: 'positions' });
  // A row keeps its saved answer while it is the same position and the same person, as the
  // server keeps it; a new or changed assignment is asked (pending) once saved.
  const current = useWatch({ control, name: 'positions' }) ?? [];
  const matches = matchAssignments(saved, current);
  const statusAt = (index: number) => saved[matches[index] ?? -1]?.status;

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {t('setlists.positions.heading')}
      </Typography>
      <PositionPicker
        onAdd={(name) => append({ name, assignedTo: null })}
        full={fields.length >= SETLIST_LIMITS.maxPositions}
        disabled={disabled}
      />
      {error && <FormHelperText error>{fieldError(error)}</FormHelperText>}
      {fields.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {t('setlists.positions.none')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
          {fields.map((field, index) => (
            <Paper key={field.id} component="li" variant="outlined" sx={{ px: 2, py: 1 }}>
              <Stack
                direction="row"
                spacing={2}
                useFlexGap
                sx={{ alignItems: 'center', flexWrap: 'wrap' }}
              >
                <Typography sx={{ flex: '1 1 160px', fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {field.name}
                </Typography>
                <Controller
                  control={control}
                  name={`positions.${index}.assignedTo`}
                  render={({ field: assignee }) => (
                    <MemberSelect
                      label={t('setlists.positions.assignMember')}
                      accessibleName={t('setlists.positions.assignMemberFor', {
                        position: field.name,
                      })}
                      emptyLabel={t('setlists.view.unassigned')}
                      value={assignee.value}
                      onChange={assignee.onChange}
                      members={members}
                      disabled={disabled}
                      position={field.name}
                      away={away}
                    />
                  )}
                />
                <AssignmentStatusChip status={statusAt(index)} />
                <Button
                  color="error"
                  onClick={() => remove(index)}
                  aria-label={t('setlists.positions.removeNamed', { position: field.name })}
                  disabled={disabled}
                >
                  {t('setlists.positions.remove')}
                </Button>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Box>
  );
}

interface PositionPickerProps {
  onAdd: (name: string) => void;
  /** The setlist has as many positions as it may. */
  full: boolean;
  disabled: boolean;
}

/** A position from the spec's list, or a custom one after "Other", and "Add Position". */
function PositionPicker({ onAdd, full, disabled }: PositionPickerProps) {
  const t = useT();
  const [chosen, setChosen] = useState('');
  const [custom, setCustom] = useState('');
  const customRef = useRef<HTMLInputElement>(null);
  const isOther = chosen === OTHER;
  // Spec section 5: a custom position counts only if non-empty once trimmed.
  const name = isOther ? custom.trim() : chosen;

  const add = () => {
    if (!name || full) return;
    onAdd(name);
    if (isOther) {
      // The picker stays on "Other" for the next custom position; the emptied box takes focus
      // because the Add button is disabled until something is typed again.
      setCustom('');
      customRef.current?.focus();
    }
  };

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}
    >
      <TextField
        select
        size="small"
        label={t('setlists.positions.position')}
        value={chosen}
        onChange={(event) => setChosen(event.target.value)}
        disabled={disabled}
        sx={{ minWidth: 200 }}
      >
        {POSITION_OPTIONS.map((option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
      </TextField>
      {isOther && (
        <TextField
          size="small"
          label={t('setlists.positions.custom')}
          value={custom}
          inputRef={customRef}
          onChange={(event) => setCustom(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the position instead of submitting the whole setlist.
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          disabled={disabled}
          slotProps={{ htmlInput: { maxLength: SETLIST_LIMITS.positionNameMaxLength } }}
        />
      )}
      <Button
        variant="outlined"
        startIcon={<AddIcon />}
        onClick={add}
        disabled={disabled || full || !name}
        sx={{ height: 40, whiteSpace: 'nowrap' }}
      >
        {t('setlists.positions.add')}
      </Button>
    </Stack>
  );
}
