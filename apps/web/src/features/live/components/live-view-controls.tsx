import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import TextDecreaseIcon from '@mui/icons-material/TextDecrease';
import TextIncreaseIcon from '@mui/icons-material/TextIncrease';
import FitScreenIcon from '@mui/icons-material/FitScreen';
import type { ReactNode } from 'react';
import type { useTextSize } from '../hooks/use-text-size.ts';
import { useT } from '../../../lib/i18n/i18n.ts';

export type ViewMode = 'single' | 'full';
export type Layout = 'column' | 'split';

interface LiveViewControlsProps {
  viewMode: ViewMode;
  onViewModeChange: (mode: ViewMode) => void;
  layout: Layout;
  onLayoutChange: (layout: Layout) => void;
  textSize: ReturnType<typeof useTextSize>;
  /** False on an item of the order of service: no parts to show one or all of. */
  hasParts?: boolean;
  /** More controls on the same row (stage mode, open presenter). */
  children?: ReactNode;
}

/** How this screen shows the song: one part or all, one column or two, and how large. */
export function LiveViewControls(props: LiveViewControlsProps) {
  const { viewMode, onViewModeChange, layout, onLayoutChange, textSize, children } = props;
  const hasParts = props.hasParts ?? true;
  const t = useT();
  return (
    <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {hasParts && (
        <ToggleButtonGroup
          size="small"
          exclusive
          color="primary"
          aria-label={t('live.viewMode')}
          value={viewMode}
          onChange={(_event, value: ViewMode | null) => value && onViewModeChange(value)}
        >
          <ToggleButton value="single">{t('live.singlePart')}</ToggleButton>
          <ToggleButton value="full">{t('live.fullSong')}</ToggleButton>
        </ToggleButtonGroup>
      )}
      {hasParts && viewMode === 'full' && (
        <ToggleButtonGroup
          size="small"
          exclusive
          color="primary"
          aria-label={t('live.layout')}
          value={layout}
          onChange={(_event, value: Layout | null) => value && onLayoutChange(value)}
        >
          <ToggleButton value="column">{t('live.singleColumn')}</ToggleButton>
          <ToggleButton value="split">{t('live.splitView')}</ToggleButton>
        </ToggleButtonGroup>
      )}
      <Box
        role="group"
        aria-label={t('live.textSize')}
        sx={{ display: 'flex', alignItems: 'center' }}
      >
        <IconButton
          aria-label={t('live.decreaseTextSize')}
          onClick={textSize.decrease}
          disabled={!textSize.canDecrease}
        >
          <TextDecreaseIcon />
        </IconButton>
        <Typography
          component="span"
          aria-live="polite"
          sx={{ minWidth: '3.5em', textAlign: 'center', fontVariantNumeric: 'tabular-nums' }}
        >
          {textSize.percent}
        </Typography>
        <IconButton
          aria-label={t('live.increaseTextSize')}
          onClick={textSize.increase}
          disabled={!textSize.canIncrease}
        >
          <TextIncreaseIcon />
        </IconButton>
      </Box>
      {children}
    </Stack>
  );
}

interface StageModeToggleProps {
  on: boolean;
  onToggle: () => void;
  /** An icon alone, for the compact bar. */
  compact?: boolean;
}

/** Stage mode: no app bar, the controls folded into one bar, the song on the whole screen. */
export function StageModeToggle({ on, onToggle, compact = false }: StageModeToggleProps) {
  const t = useT();
  if (compact) {
    return (
      <ToggleButton
        value="stage"
        size="small"
        selected={on}
        onChange={onToggle}
        aria-label={t('live.stageMode')}
        sx={{ border: 0 }}
      >
        <FitScreenIcon />
      </ToggleButton>
    );
  }
  return (
    <ToggleButton value="stage" size="small" color="primary" selected={on} onChange={onToggle}>
      <FitScreenIcon sx={{ mr: 0.75 }} fontSize="small" />
      {t('live.stageMode')}
    </ToggleButton>
  );
}
