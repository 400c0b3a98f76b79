import { useId } from 'react';
import type { PointerEvent as ReactPointerEvent, ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { Announcements, DragEndEvent, Modifier, PointerSensorOptions } from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Controller } from 'react-hook-form';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import ReplayIcon from '@mui/icons-material/Replay';
import { SETLIST_LIMITS, formatDuration, parseDuration } from '@segue/shared';
import type { MemberChoice } from '../api/team-members.ts';
import { EntryKeySelect } from './entry-key-select.tsx';
import { EntryTempoField } from './entry-tempo-field.tsx';
import { MemberSelect } from './member-select.tsx';
import type { SetlistFormControl } from './setlist-form-values.ts';
import { fieldError } from '../../../lib/i18n/server-texts.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

/** Spec section 9, drag reordering. */
const DRAG = {
  /** A mouse (or pen) drag starts after this many pixels of movement. */
  pointerDistance: 5,
  /** A touch drag starts after a long press of this many milliseconds... */
  touchDelay: 120,
  /** ...during which the finger may wander this many pixels (more is a scroll). */
  touchTolerance: 5,
  /** Auto-scroll starts when the pointer is in the outer 25 % of the scrolling container... */
  autoScrollThreshold: { x: 0, y: 0.25 },
  /** ...and moves at most this many pixels per step (dnd-kit's `acceleration`). */
  autoScrollAcceleration: 28,
} as const;

const [pointerActivator] = PointerSensor.activators;

/**
 * The pointer sensor for mice and pens only. Browsers send pointer events for touches too, and
 * the pointer sensor would claim them after 5 px, before the touch sensor's long press could.
 */
class NonTouchPointerSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: (event: ReactPointerEvent, options: PointerSensorOptions) =>
        event.nativeEvent.pointerType !== 'touch' &&
        (pointerActivator?.handler(event, options) ?? false),
    },
  ];
}

/** A setlist is a column: entries only move up and down. */
const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/** One row of the order of service as the list shows it: a song or an item. */
export type OrderEntry =
  | {
      kind: 'song';
      /** The field array's key: stable while the entry moves, unique even for a repeated song. */
      id: string;
      /** The row's name: the song's title, "<title> (reprise)" when played again (`orderLabels`). */
      label: string;
      /** The song's place among the setlist's songs, from 1: what the view and live view number. */
      number: number;
      /** The key the song's stored chords sound in, named by the entry's Key select. */
      songKey: string | null;
      /** The song's own tempo (BPM), shown in the entry's empty Tempo field. */
      songTempo: number | null;
    }
  | {
      kind: 'item';
      id: string;
      /** The item's title, "Untitled item" before it has one, numbered when taken (`orderLabels`). */
      label: string;
      /** The item's place among the setlist's items, from 1: names its Title field. */
      number: number;
    };

interface SongOrderListProps {
  entries: OrderEntry[];
  control: SetlistFormControl;
  members: MemberChoice[];
  onMove: (from: number, to: number) => void;
  /** Plays the entry's song once more, at the end of the set (a reprise). */
  onRepeat: (index: number) => void;
  /** Takes the item at that place out of the order (songs leave through the picker). */
  onRemove: (index: number) => void;
  disabled?: boolean;
  /** Members away on the setlist's day: a leader among them is warned about. */
  away?: ReadonlySet<string> | undefined;
}

/**
 * The order of service: the chosen songs, each with its leader, key, tempo and duration, and the items
 * between them (a welcome, a sermon) with title, notes and duration; reordered together by drag
 * or by the arrow buttons.
 */
export function SongOrderList({
  entries,
  control,
  members,
  onMove,
  onRepeat,
  onRemove,
  disabled,
  away,
}: SongOrderListProps) {
  const t = useT();
  const sensors = useSensors(
    useSensor(NonTouchPointerSensor, { activationConstraint: { distance: DRAG.pointerDistance } }),
    useSensor(TouchSensor, {
      activationConstraint: { delay: DRAG.touchDelay, tolerance: DRAG.touchTolerance },
    }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const titleOf = (id: string | number) =>
    entries.find((entry) => entry.id === id)?.label ?? String(id);
  const positionOf = (id: string | number) => entries.findIndex((entry) => entry.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('setlists.order.pickedUp', {
        title: titleOf(active.id),
        position: positionOf(active.id),
        count: entries.length,
      }),
    onDragOver: ({ active, over }) =>
      over
        ? t('setlists.order.over', {
            title: titleOf(active.id),
            position: positionOf(over.id),
            count: entries.length,
          })
        : t('setlists.order.notOver', { title: titleOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('setlists.order.droppedAt', {
            title: titleOf(active.id),
            position: positionOf(over.id),
            count: entries.length,
          })
        : t('setlists.order.dropped', { title: titleOf(active.id) }),
    onDragCancel: ({ active }) =>
      t('setlists.order.cancelled', { title: titleOf(active.id), position: positionOf(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = entries.findIndex((entry) => entry.id === active.id);
    const to = entries.findIndex((entry) => entry.id === over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };

  /** Moves with the arrow buttons; focus stays on a usable button of the moved entry. */
  const moveBy = (index: number, step: -1 | 1) => {
    const to = index + step;
    const entry = entries[index];
    if (!entry || to < 0 || to >= entries.length) return;
    onMove(index, to);
    const atEnd = step === -1 ? to === 0 : to === entries.length - 1;
    if (atEnd) {
      // The pressed button is now disabled: hand the focus to its twin.
      requestAnimationFrame(() =>
        document.getElementById(moveButtonId(entry.id, step === -1 ? 'down' : 'up'))?.focus(),
      );
    }
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[restrictToVerticalAxis]}
      autoScroll={{
        threshold: DRAG.autoScrollThreshold,
        acceleration: DRAG.autoScrollAcceleration,
      }}
      accessibility={{ announcements }}
      onDragEnd={onDragEnd}
    >
      <SortableContext
        items={entries.map((entry) => entry.id)}
        strategy={verticalListSortingStrategy}
        disabled={disabled}
      >
        <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {entries.map((entry, index) => {
            const row = { entry, index, count: entries.length, onMoveBy: moveBy, disabled };
            return entry.kind === 'song' ? (
              <SongOrderRow
                key={entry.id}
                {...row}
                entry={entry}
                control={control}
                members={members}
                onRepeat={onRepeat}
                away={away}
              />
            ) : (
              <ItemOrderRow
                key={entry.id}
                {...row}
                entry={entry}
                control={control}
                onRemove={onRemove}
              />
            );
          })}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

/**
 * A song's title and buttons take its first line; its Leader, Key, Tempo and Duration the
 * line below, under the title from md up, and two to a line below md, so a phone never
 * scrolls sideways. Four fields beside the title and buttons do not fit the form's width.
 */
const songFieldsSx = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: 1,
  order: 1,
  flex: '1 1 100%',
  minWidth: 0,
  pl: { xs: 0, md: 6 },
} as const;
const halfLine = { xs: '1 1 40%', md: '0 0 auto' } as const;
const selectSx = { flex: halfLine, minWidth: { xs: 0, md: 200 } } as const;
const keySelectSx = { ...selectSx, minWidth: { xs: 0, md: 150 } } as const;
const songNumberSx = { flex: { xs: '1 1 40%', md: '0 0 110px' }, minWidth: 0 } as const;
/** Below md an item's duration and buttons share its last line; from md up they close its first. */
const durationSx = { flex: { xs: '0 1 140px', md: '0 0 100px' }, order: { xs: 2, md: 0 } } as const;
/** A field's complaint: a line of its own at the end, where it is read whole on a phone too. */
const rowErrorSx = { order: 4, flex: '1 1 100%', mx: 1.5, mt: 0 } as const;
const rowEndSx = { order: { xs: 2, md: 0 } } as const;

function moveButtonId(entryId: string, direction: 'up' | 'down'): string {
  return `song-order-${entryId}-${direction}`;
}

interface OrderRowProps<E extends OrderEntry> {
  entry: E;
  index: number;
  count: number;
  onMoveBy: (index: number, step: -1 | 1) => void;
  disabled?: boolean | undefined;
}

interface SortableRowProps extends OrderRowProps<OrderEntry> {
  /** The row's fields, between the drag handle and the buttons; each places itself (`order`). */
  children: ReactNode;
  /** The row's own buttons, before Move up and Move down. */
  actions: ReactNode;
  /** The buttons close the row's first line at every width, not its last below md. */
  actionsOnFirstLine?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * One row of the order: drag handle, the row's fields, its own buttons, and the move buttons.
 * Below md the fields wrap onto lines of their own, so a phone never scrolls sideways.
 */
function SortableRow({
  entry,
  index,
  count,
  onMoveBy,
  disabled,
  children,
  actions,
  actionsOnFirstLine = false,
  sx,
}: SortableRowProps) {
  const t = useT();
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: entry.id, disabled });

  return (
    <Paper
      component="li"
      ref={setNodeRef}
      variant="outlined"
      sx={[
        {
          position: 'relative',
          zIndex: isDragging ? 1 : undefined,
          boxShadow: isDragging ? 6 : undefined,
          px: 1,
          py: 1,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <IconButton
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t('setlists.order.reorder', { label: entry.label })}
          disabled={disabled}
          // A long press starts a touch drag; a quick swipe on the handle still scrolls.
          sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'manipulation' }}
        >
          <DragIndicatorIcon />
        </IconButton>
        {children}
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            ml: 'auto',
            ...(actionsOnFirstLine ? {} : rowEndSx),
          }}
        >
          {actions}
          <IconButton
            id={moveButtonId(entry.id, 'up')}
            size="small"
            aria-label={t('setlists.order.moveUp', { label: entry.label })}
            onClick={() => onMoveBy(index, -1)}
            disabled={disabled || index === 0}
          >
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
          <IconButton
            id={moveButtonId(entry.id, 'down')}
            size="small"
            aria-label={t('setlists.order.moveDown', { label: entry.label })}
            onClick={() => onMoveBy(index, 1)}
            disabled={disabled || index === count - 1}
          >
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
        </Box>
      </Stack>
    </Paper>
  );
}

/** An icon button of a row, named (and its tooltip worded) by what it does to that row. */
function RowAction(props: {
  label: string;
  onClick: () => void;
  disabled?: boolean | undefined;
  children: ReactNode;
}) {
  return (
    <Tooltip title={props.label} describeChild>
      <IconButton
        size="small"
        aria-label={props.label}
        onClick={props.onClick}
        disabled={props.disabled}
      >
        {props.children}
      </IconButton>
    </Tooltip>
  );
}

interface SongOrderRowProps extends OrderRowProps<Extract<OrderEntry, { kind: 'song' }>> {
  control: SetlistFormControl;
  members: MemberChoice[];
  onRepeat: (index: number) => void;
  away?: ReadonlySet<string> | undefined;
}

/** A song of the order: its number and title, leader, key, tempo and duration, and "Play again". */
function SongOrderRow({ control, members, onRepeat, away, ...row }: SongOrderRowProps) {
  const t = useT();
  const { entry, index, disabled } = row;
  return (
    <SortableRow
      {...row}
      actionsOnFirstLine
      actions={
        <RowAction
          label={t('setlists.order.playAgain', { label: entry.label })}
          onClick={() => onRepeat(index)}
          disabled={disabled}
        >
          <ReplayIcon fontSize="small" />
        </RowAction>
      }
    >
      <Typography sx={{ flex: '1 1 120px', minWidth: 0, overflowWrap: 'anywhere' }}>
        {t('setlists.order.numbered', { number: entry.number, label: entry.label })}
      </Typography>
      <Box sx={songFieldsSx}>
        <Controller
          control={control}
          name={`order.${index}.leader`}
          render={({ field }) => (
            <MemberSelect
              label={t('setlists.order.leader')}
              accessibleName={t('setlists.order.leaderFor', { label: entry.label })}
              emptyLabel={t('setlists.order.noLeader')}
              value={field.value}
              onChange={field.onChange}
              members={members}
              disabled={disabled}
              sx={selectSx}
              away={away}
            />
          )}
        />
        <Controller
          control={control}
          name={`order.${index}.key`}
          render={({ field }) => (
            <EntryKeySelect
              accessibleName={t('setlists.entry.keyFor', { title: entry.label })}
              value={field.value}
              onChange={field.onChange}
              songKey={entry.songKey}
              disabled={disabled}
              sx={keySelectSx}
            />
          )}
        />
        <TempoField
          control={control}
          index={index}
          label={entry.label}
          songTempo={entry.songTempo}
          disabled={disabled}
        />
        <DurationField
          control={control}
          index={index}
          label={entry.label}
          disabled={disabled}
          sx={songNumberSx}
        />
      </Box>
    </SortableRow>
  );
}

interface ItemOrderRowProps extends OrderRowProps<Extract<OrderEntry, { kind: 'item' }>> {
  control: SetlistFormControl;
  onRemove: (index: number) => void;
}

/**
 * An item of the order: its title, duration and notes, and Remove. No number, leader
 * or key, and a tinted row with a bar at its side, so it reads apart from the songs.
 */
function ItemOrderRow({ control, onRemove, ...row }: ItemOrderRowProps) {
  const t = useT();
  const { entry, index, disabled } = row;
  return (
    <SortableRow
      {...row}
      sx={{ bgcolor: 'action.hover', borderLeftWidth: 4, borderLeftColor: 'text.secondary' }}
      actions={
        <RowAction
          label={t('setlists.order.removeItem', { label: entry.label })}
          onClick={() => onRemove(index)}
          disabled={disabled}
        >
          <DeleteIcon fontSize="small" />
        </RowAction>
      }
    >
      <Controller
        control={control}
        name={`order.${index}.title`}
        render={({ field, fieldState }) => (
          <TextField
            size="small"
            label={t('setlists.order.itemTitle')}
            required
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            inputRef={field.ref}
            disabled={disabled}
            error={Boolean(fieldState.error)}
            helperText={fieldError(fieldState.error?.message)}
            sx={{ flex: '1 1 200px', minWidth: 0 }}
            slotProps={{
              htmlInput: {
                // Its title is being typed here: the field is named by the item's place.
                'aria-label': t('setlists.order.itemTitleOf', { number: entry.number }),
                maxLength: SETLIST_LIMITS.itemTitleMaxLength,
              },
            }}
          />
        )}
      />
      <DurationField control={control} index={index} label={entry.label} disabled={disabled} />
      <Controller
        control={control}
        name={`order.${index}.notes`}
        render={({ field, fieldState }) => (
          <TextField
            size="small"
            label={t('setlists.order.itemNotes')}
            multiline
            minRows={2}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            inputRef={field.ref}
            disabled={disabled}
            error={Boolean(fieldState.error)}
            helperText={fieldError(fieldState.error?.message)}
            sx={{ order: 3, flex: '1 1 100%' }}
            slotProps={{
              htmlInput: {
                'aria-label': t('setlists.order.notesFor', { label: entry.label }),
                maxLength: SETLIST_LIMITS.itemNotesMaxLength,
              },
            }}
          />
        )}
      />
    </SortableRow>
  );
}

interface DurationFieldProps {
  control: SetlistFormControl;
  index: number;
  /** The row's name, which names the field. */
  label: string;
  disabled?: boolean | undefined;
  /** Where the field sits in its line; an item's place by default. */
  sx?: SxProps<Theme> | undefined;
}

/**
 * A song's or an item's duration: minutes ("5"), m:ss or h:mm:ss, shown back as m:ss
 * once the field is left. Its complaint takes a line of its own at the row's end, where it is
 * read whole on a phone too.
 */
function DurationField({ control, index, label, disabled, sx = durationSx }: DurationFieldProps) {
  const t = useT();
  const errorId = useId();
  return (
    <Controller
      control={control}
      name={`order.${index}.duration`}
      render={({ field, fieldState }) => (
        <>
          <TextField
            size="small"
            label={t('setlists.order.duration')}
            placeholder={t('setlists.order.durationPlaceholder')}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={() => {
              const seconds = parseDuration(field.value ?? '');
              if (typeof seconds === 'number') field.onChange(formatDuration(seconds));
              field.onBlur();
            }}
            name={field.name}
            inputRef={field.ref}
            disabled={disabled}
            error={Boolean(fieldState.error)}
            sx={sx}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: {
                'aria-label': t('setlists.order.durationFor', { label }),
                'aria-describedby': fieldState.error ? errorId : undefined,
                autoComplete: 'off',
              },
            }}
          />
          {fieldState.error && (
            <FormHelperText id={errorId} error sx={rowErrorSx}>
              {fieldError(fieldState.error.message)}
            </FormHelperText>
          )}
        </>
      )}
    />
  );
}

interface TempoFieldProps {
  control: SetlistFormControl;
  index: number;
  /** The row's name, which names the field. */
  label: string;
  songTempo: number | null;
  disabled?: boolean | undefined;
}

/** A song entry's tempo, as the entry's key is edited; its complaint as the duration's. */
function TempoField({ control, index, label, songTempo, disabled }: TempoFieldProps) {
  const t = useT();
  const errorId = useId();
  return (
    <Controller
      control={control}
      name={`order.${index}.tempo`}
      render={({ field, fieldState }) => (
        <>
          <EntryTempoField
            accessibleName={t('setlists.entry.tempoFor', { title: label })}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            inputRef={field.ref}
            songTempo={songTempo}
            errorId={fieldState.error ? errorId : undefined}
            disabled={disabled}
            sx={songNumberSx}
          />
          {fieldState.error && (
            <FormHelperText id={errorId} error sx={rowErrorSx}>
              {fieldError(fieldState.error.message)}
            </FormHelperText>
          )}
        </>
      )}
    />
  );
}
