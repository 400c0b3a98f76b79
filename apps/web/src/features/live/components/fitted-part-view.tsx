import { useLayoutEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import Box from '@mui/material/Box';
import type { SongPart as Part } from '@segue/shared';
import { useStageFit, useViewportSize } from '../hooks/use-stage-fit.ts';
import { sizeToFitWidth, TABLET_WIDTH, widestLine } from '../utils/live-layout.ts';
import { PART_COLUMN_GAP, SinglePartView } from './single-part-view.tsx';

interface FittedPartViewProps {
  part: Part;
  /** What tells this part from another of the set (a new one is fitted afresh). */
  partKey: string;
  /** The reader's text size, in rem: the part is never drawn smaller. */
  textSize: number;
  changeCount: number;
  direction: number;
  dense: boolean;
  /** The bar at the bottom of the screen, which the part must not reach under. */
  bottomBar: RefObject<HTMLElement | null>;
}

/** The part's own padding and its left border across, in CSS px (SongPart from `sm` up). */
const PART_CHROME = { regular: 2 * 16 + 4, dense: 2 * 8 + 4 } as const;
/** The least height the area keeps, in CSS px, however much is above it. */
const MIN_AREA_HEIGHT = 240;
/** A classic scrollbar's width, in CSS px. */
const SCROLLBAR_ROOM = 16;

/**
 * A tablet's Single Part view: the part as large as its widest line allows across the screen,
 * down to the reader's own size so that it fits the screen's height, then in two columns, and
 * only then scrolling (the stage display's search, stage-display.ts, with its own bounds).
 */
export function FittedPartView(props: FittedPartViewProps) {
  const { part, partKey, textSize, changeCount, direction, dense, bottomBar } = props;
  const area = useRef<HTMLDivElement>(null);
  const viewport = useViewportSize();
  const { width, height } = useAreaAboveBar(
    area,
    bottomBar,
    `${partKey}@${viewport.width}x${viewport.height}`,
  );

  const chrome = dense ? PART_CHROME.dense : PART_CHROME.regular;
  const columns = widestLine(part.lines);
  const oneColumn = sizeToFitWidth({ width: width - chrome, columns, min: textSize });
  const twoColumns = sizeToFitWidth({
    width: (width - PART_COLUMN_GAP) / 2 - chrome,
    columns,
    min: textSize,
  });
  const fit = useStageFit(area, {
    contentKey: `${partKey}:${columns}:${part.lines.length}:${width}`,
    max: oneColumn,
    min: textSize,
    split: { below: textSize, minWidth: TABLET_WIDTH.min - 2 * 16, max: twoColumns },
  });

  return (
    <Box
      ref={area}
      // Focusable: a part that scrolls even at the reader's size can be scrolled by keyboard.
      tabIndex={0}
      sx={{
        height: height > 0 ? `${Math.max(MIN_AREA_HEIGHT, height)}px` : undefined,
        overflowX: 'hidden',
        overflowY: 'auto',
        outline: 'none',
        '&:focus-visible': {
          boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}`,
        },
      }}
    >
      <SinglePartView
        part={part}
        textSize={fit.size}
        changeCount={changeCount}
        direction={direction}
        dense={dense}
        columns={fit.columns}
      />
    </Box>
  );
}

/**
 * The area's width, and the height from its top (on the page scrolled to the top) down to the
 * bar at the bottom of the screen: the part fits there with the page unscrolled.
 */
function useAreaAboveBar(
  area: RefObject<HTMLElement | null>,
  bottomBar: RefObject<HTMLElement | null>,
  key: string,
): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    const measure = () => {
      const box = element.getBoundingClientRect();
      const bar = bottomBar.current?.getBoundingClientRect().height ?? 0;
      // A small gap above the bar, so the last line does not touch it.
      const height = Math.floor(window.innerHeight - (box.top + window.scrollY) - bar - 8);
      // The box's own width less room for a scrollbar, whether or not one shows: with the
      // scrollbar's width in it, the fit would bring the scrollbar and take it away again.
      const width = Math.floor(box.width - SCROLLBAR_ROOM);
      setSize((current) =>
        current.width === width && current.height === height ? current : { width, height },
      );
    };
    measure();
    // What is above the area (a leader's name arriving, a banner) moves its top. Its own height
    // does not, so measuring again after it changed finds the same size and stops.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [area, bottomBar, key]);
  return size;
}
