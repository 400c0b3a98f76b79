import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SongPart as Part } from '@segue/shared';
import { PART_SCROLL_MARGIN, SongPart } from './song-part.tsx';

interface FullSongViewProps {
  parts: Part[];
  activeIndex: number;
  textSize: number;
  /** Split View: the parts split in half into two columns. */
  split: boolean;
}

/** The Full Song view: every part, the active one highlighted and scrolled into view. */
export function FullSongView({ parts, activeIndex, textSize, split }: FullSongViewProps) {
  const activeRef = useRef<HTMLElement>(null);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');

  useEffect(() => {
    const element = activeRef.current;
    if (!element) return;
    const box = element.getBoundingClientRect();
    // A part already on screen, clear of the app bar and the part bar, stays where it is: moving
    // the page would slide the controls above it under the app bar for nothing.
    if (box.top >= PART_SCROLL_MARGIN && box.bottom <= window.innerHeight - PART_SCROLL_MARGIN) {
      return;
    }
    // A part taller than the screen starts at the top; a shorter one sits in the middle.
    const fits = box.height < window.innerHeight * 0.6;
    element.scrollIntoView({
      block: fits ? 'center' : 'start',
      behavior: reducedMotion ? 'auto' : 'smooth',
    });
  }, [activeIndex, split, reducedMotion]);

  const half = Math.ceil(parts.length / 2);
  const columns = split ? [parts.slice(0, half), parts.slice(half)] : [parts];
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 1, md: 3 },
        gridTemplateColumns: split ? { xs: '1fr', sm: '1fr 1fr' } : '1fr',
        alignItems: 'start',
      }}
    >
      {columns.map((column, columnIndex) => (
        <Box key={columnIndex} sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
          {column.map((part, indexInColumn) => {
            const index = columnIndex * half + indexInColumn;
            const active = index === activeIndex;
            return (
              <SongPart
                key={index}
                ref={active ? activeRef : undefined}
                part={part}
                textSize={textSize}
                active={active}
                highlight
              />
            );
          })}
        </Box>
      ))}
    </Box>
  );
}
