import type { PointerEvent as ReactPointerEvent } from 'react';
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
import type { Control } from 'react-hook-form';
import { Controller } from 'react-hook-form';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ReplayIcon from '@mui/icons-material/Replay';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { SETLIST_TEXTS } from '@segue/shared';
import type { MemberChoice } from '../api/team-members.ts';
import { EntryKeySelect } from './entry-key-select.tsx';
import { MemberSelect } from './member-select.tsx';
import type { SetlistFormValues } from './setlist-form-values.ts';
import { SETLIST_SCREEN_TEXTS } from './setlist-texts.ts';

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

/**
 * Each entry's name in the order: its title, and for a song played again "<title> (reprise)",
 * so every row's controls have a name of their own.
 */
export function entryLabels(titles: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return titles.map((title) => {
    const time = (seen.get(title) ?? 0) + 1;
    seen.set(title, time);
    return time === 1 ? title : SETLIST_SCREEN_TEXTS.reprise(title, time);
  });
}

/** A setlist is a column: songs only move up and down. */
const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });

interface SongOrderEntry {
  /** The field array's key: stable while the entry moves, unique even for a repeated song. */
  id: string;
  /** The song's title; a song played again reads "<title> (reprise)" (see `entryLabels`). */
  title: string;
  /** The key the song's stored chords sound in, named by the entry's Key select. */
  songKey: string | null;
}

interface SongOrderListProps {
  entries: SongOrderEntry[];
  control: Control<SetlistFormValues>;
  members: MemberChoice[];
  onMove: (from: number, to: number) => void;
  /** Plays the entry's song once more, at the end of the set (a reprise, issue 18). */
  onRepeat: (index: number) => void;
  disabled?: boolean;
  /** Members away on the setlist's day (issue 18): a leader among them is warned about. */
  away?: ReadonlySet<string> | undefined;
}

/**
 * The chosen songs in order, each with its leader and key; reordered by drag or by the arrow
 * buttons.
 */
export function SongOrderList({
  entries,
  control,
  members,
  onMove,
  onRepeat,
  disabled,
  away,
}: SongOrderListProps) {
  const sensors = useSensors(
    useSensor(NonTouchPointerSensor, { activationConstraint: { distance: DRAG.pointerDistance } }),
    useSensor(TouchSensor, {
      activationConstraint: { delay: DRAG.touchDelay, tolerance: DRAG.touchTolerance },
    }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const titleOf = (id: string | number) =>
    entries.find((entry) => entry.id === id)?.title ?? String(id);
  const positionOf = (id: string | number) => entries.findIndex((entry) => entry.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${titleOf(active.id)}, position ${positionOf(active.id)} of ${entries.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} is over position ${positionOf(over.id)} of ${entries.length}.`
        : `${titleOf(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} dropped at position ${positionOf(over.id)} of ${entries.length}.`
        : `${titleOf(active.id)} dropped.`,
    onDragCancel: ({ active }) =>
      `Moving ${titleOf(active.id)} was cancelled. It stays at position ${positionOf(active.id)}.`,
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
          {entries.map((entry, index) => (
            <SongOrderItem
              key={entry.id}
              entry={entry}
              index={index}
              count={entries.length}
              control={control}
              members={members}
              onMoveBy={moveBy}
              onRepeat={onRepeat}
              disabled={disabled}
              away={away}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

/** Below md the Leader and Key selects split their line in half; from md up they sit inline. */
const selectSx = {
  flex: { xs: '1 1 0', md: '0 0 auto' },
  minWidth: { xs: 0, md: 200 },
} as const;
const keySelectSx = { ...selectSx, minWidth: { xs: 0, md: 150 } } as const;

function moveButtonId(entryId: string, direction: 'up' | 'down'): string {
  return `song-order-${entryId}-${direction}`;
}

interface SongOrderItemProps {
  entry: SongOrderEntry;
  index: number;
  count: number;
  control: Control<SetlistFormValues>;
  members: MemberChoice[];
  onMoveBy: (index: number, step: -1 | 1) => void;
  onRepeat: (index: number) => void;
  disabled?: boolean | undefined;
  away?: ReadonlySet<string> | undefined;
}

/**
 * One song in the order: drag handle, number and title, leader and key, and the move buttons.
 * Below md the two selects share a second line, so a phone never scrolls sideways.
 */
function SongOrderItem({
  entry,
  index,
  count,
  control,
  members,
  onMoveBy,
  onRepeat,
  disabled,
  away,
}: SongOrderItemProps) {
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
      sx={{
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        boxShadow: isDragging ? 6 : undefined,
        px: 1,
        py: 1,
      }}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <IconButton
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Reorder ${entry.title}`}
          disabled={disabled}
          // A long press starts a touch drag; a quick swipe on the handle still scrolls.
          sx={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'manipulation' }}
        >
          <DragIndicatorIcon />
        </IconButton>
        <Typography sx={{ flex: '1 1 200px', minWidth: 0, overflowWrap: 'anywhere' }}>
          {`${index + 1}. ${entry.title}`}
        </Typography>
        <Box
          sx={{
            display: 'flex',
            gap: 1,
            order: { xs: 1, md: 0 },
            flex: { xs: '1 1 100%', md: '0 1 auto' },
            minWidth: 0,
          }}
        >
          <Controller
            control={control}
            name={`songs.${index}.leader`}
            render={({ field }) => (
              <MemberSelect
                label="Leader"
                accessibleName={`Leader for ${entry.title}`}
                emptyLabel={SETLIST_TEXTS.noLeader}
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
            name={`songs.${index}.key`}
            render={({ field }) => (
              <EntryKeySelect
                accessibleName={SETLIST_SCREEN_TEXTS.keyFor(entry.title)}
                value={field.value}
                onChange={field.onChange}
                songKey={entry.songKey}
                disabled={disabled}
                sx={keySelectSx}
              />
            )}
          />
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', ml: 'auto' }}>
          <Tooltip title={SETLIST_SCREEN_TEXTS.playAgain(entry.title)} describeChild>
            <IconButton
              size="small"
              aria-label={SETLIST_SCREEN_TEXTS.playAgain(entry.title)}
              onClick={() => onRepeat(index)}
              disabled={disabled}
            >
              <ReplayIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <IconButton
            id={moveButtonId(entry.id, 'up')}
            size="small"
            aria-label={`Move ${entry.title} up`}
            onClick={() => onMoveBy(index, -1)}
            disabled={disabled || index === 0}
          >
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
          <IconButton
            id={moveButtonId(entry.id, 'down')}
            size="small"
            aria-label={`Move ${entry.title} down`}
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
