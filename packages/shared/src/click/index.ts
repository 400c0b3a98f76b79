export type { ClockOffset, ClockSample, OffsetOptions } from './clock-offset.ts';
export {
  CLOCK_SYNC,
  DEFAULT_OFFSET_OPTIONS,
  addClockSample,
  deviceTimeOf,
  estimateOffset,
  serverNow,
  smoothOffset,
} from './clock-offset.ts';
export type { Beat, ClickGrid, ClickState, Meter } from './beat-grid.ts';
export {
  CLICK_CHANGE_LEAD_MS,
  CLICK_LIMITS,
  CLICK_START_LEAD_MS,
  ClickStateSchema,
  MAX_BEATS_PER_WINDOW,
  beatAt,
  beatTime,
  changeTempoAt,
  formatTimeSignature,
  nextBeats,
  parseTimeSignature,
  startClick,
  stopClick,
} from './beat-grid.ts';
