import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import ToggleButton from '@mui/material/ToggleButton';
import TuneIcon from '@mui/icons-material/Tune';
import type { CapoRule, ChordView } from '@segue/shared';
import type { LyricsOption } from './my-view-panel.tsx';
import { useT } from '../../lib/i18n/i18n.ts';

// The panel loads when first opened: most screens never show it.
const MyViewPanel = lazy(() =>
  import('./my-view-panel.tsx').then((m) => ({ default: m.MyViewPanel })),
);

/** The "My view" button that opens and closes the panel. */
export function MyViewToggleButton(props: { open: boolean; onToggle: () => void }) {
  const t = useT();
  return (
    <ToggleButton
      value="myView"
      size="small"
      selected={props.open}
      onChange={props.onToggle}
      aria-expanded={props.open}
    >
      <TuneIcon sx={{ mr: 0.75 }} fontSize="small" />
      {t('myView.myView')}
    </ToggleButton>
  );
}

/** The "My view" panel, loaded on demand, while `open`. */
export function MyViewPanelWhenOpen(props: {
  open: boolean;
  view: ChordView;
  onChange: (change: Partial<ChordView>) => void;
  /** The live view's choice of what the capo does when a key changes live. */
  capoRule?: { rule: CapoRule; change: (rule: CapoRule) => void } | undefined;
  /** Which lyrics to show of a song in several languages (shown when it has translations). */
  lyrics?: LyricsOption | undefined;
  /** More of this device's choices, shown in the panel below the chords' (the live view's click). */
  children?: ReactNode;
}) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <MyViewPanel
        view={props.view}
        onChange={props.onChange}
        capoRule={props.capoRule}
        lyrics={props.lyrics}
      >
        {props.children}
      </MyViewPanel>
    </Suspense>
  );
}
