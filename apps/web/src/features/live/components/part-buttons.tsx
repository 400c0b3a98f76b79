import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SongPart } from '@segue/shared';
import { useT } from '../../../lib/i18n/i18n.ts';

interface PartButtonsProps {
  parts: SongPart[];
  activeIndex: number;
  onSelect: (index: number) => void;
}

/** One button per part of the song, the active one filled and pressed. */
export function PartButtons({ parts, activeIndex, onSelect }: PartButtonsProps) {
  const t = useT();
  return (
    <Stack
      role="group"
      aria-label={t('live.parts')}
      direction="row"
      useFlexGap
      spacing={1}
      sx={{ flexWrap: 'wrap' }}
    >
      {parts.map((part, index) => {
        const active = index === activeIndex;
        return (
          <Button
            key={index}
            variant={active ? 'contained' : 'outlined'}
            aria-pressed={active}
            onClick={() => onSelect(index)}
            sx={{ minWidth: 72, boxShadow: active ? 4 : 0 }}
          >
            {part.label}
          </Button>
        );
      })}
    </Stack>
  );
}
