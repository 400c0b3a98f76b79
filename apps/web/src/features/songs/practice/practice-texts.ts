import { durationText, recordingNotKept } from '../components/recordings-texts.ts';
import { tenthsText } from './waveform.ts';

/** Texts of practice mode (/songs/{id}/practice): docs/DECISIONS.md, "Practice mode". */
export const PRACTICE_TEXTS = {
  documentTitle: (title: string) => `Practise ${title}`,
  mode: 'Practice',
  backToSong: 'Back to the song',
  noRecordings: 'This song has no recordings yet. Add one on the song’s page to practise with it.',
  toSong: 'Go to the song',
  recording: 'Recording',
  loadingRecording: 'Loading the recording…',
  failedToLoad: 'The recording could not be loaded.',
  cannotPlay: 'This recording cannot be played in this browser.',
  failedToLoadMedia: 'The recordings could not be loaded.',
  needsConnection:
    "Practice needs Segue's server: this song's recordings are not kept on this device (Account Settings → Offline data).",
  /** Offline, a recording listed but not kept on this device. */
  notKept: recordingNotKept,
  player: 'Player',
  play: 'Play',
  pause: 'Pause',
  position: 'Position',
  /** The time readout, "0:04 / 3:07", and the slider's spoken value. */
  time: (atMs: number, lengthMs: number) => `${durationText(atMs)} / ${durationText(lengthMs)}`,
  positionValue: (atMs: number, lengthMs: number) =>
    `${durationText(atMs)} of ${durationText(lengthMs)}`,
  tempo: 'Tempo',
  tempoValue: (rate: number) => `${Math.round(rate * 100)}%`,
  pitch: 'Pitch',
  pitchDown: 'Pitch down',
  pitchUp: 'Pitch up',
  /** "+2", "0", "−3": semitones from the recording. */
  pitchValue: (semitones: number) =>
    semitones > 0 ? `+${semitones}` : semitones < 0 ? `−${-semitones}` : '0',
  pitchState: (semitones: number, key: string | null) => {
    const moved = PRACTICE_TEXTS.pitchValue(semitones);
    return key === null ? moved : `${moved} (key ${key})`;
  },
  pitchWarning:
    'More than 4 semitones from the recording: voices and instruments will sound unnatural.',
  noPitch:
    'This browser can change the tempo here but not the pitch: the recording plays in its own key.',
  fromServiceKey: (key: string) => `Pitch set for the service’s key, ${key}.`,
  resetTempo: 'Reset tempo',
  loop: 'Loop part',
  parts: 'Parts',
  jumpTo: (label: string) => `Jump to ${label}`,
  notMarked: 'not marked',
  noMarks: 'The parts of this recording are not marked yet, so the chart cannot follow it.',
  noMarksEditor:
    'The parts of this recording are not marked yet. Mark them to follow the chart and jump between parts.',
  markParts: 'Mark parts',
  markHelp:
    'Play the recording and tap each part as it begins (again for a part that comes back). Save marks replaces the recording’s marks.',
  markPart: (label: string) => `Mark ${label}`,
  undoMark: 'Undo last mark',
  saveMarks: 'Save marks',
  saving: 'Saving…',
  cancel: 'Cancel',
  marksSaved: 'Marks saved.',
  saveFailed: 'The marks could not be saved.',
  marksCount: (count: number) => (count === 1 ? '1 mark' : `${count} marks`),
  overview: 'Recording overview',
  waveform: 'Waveform of the recording',
  /** A mark's handle on the overview (a slider for those who may move it). */
  markHandle: (label: string) => `Mark for ${label}`,
  markValue: (label: string, atMs: number) => `${label} at ${tenthsText(atMs)}`,
  moveHelp:
    'Drag a mark to move it, or use the arrow keys on it (with Shift, a second at a time). Tap the waveform to go there.',
  seekHelp: 'Tap the waveform to go there.',
  marksMoved: 'Marks moved',
  /** A mark whose part was taken out of the song since. */
  removedPart: 'Removed part',
} as const;
