import { MEDIA_LIMITS } from '@segue/shared';

/**
 * Texts of a song's Recordings section (recordings and reference links) that the shared
 * MEDIA_TEXTS do not hold: the server's refusals come from there, as the server words them.
 */
export const RECORDINGS_TEXTS = {
  heading: 'Recordings',
  loading: 'Loading recordings',
  failedToLoad: 'The recordings could not be loaded.',
  needsConnection: "Recordings and links show when Segue's server can be reached.",
  /** Offline, Play on a recording this device does not keep (docs/DECISIONS.md). */
  notKept: recordingNotKept,
  none: 'No recordings yet.',
  addRecording: 'Add recording',
  chooseFile: 'Recording file',
  fileChosen: (fileName: string) => `File: ${fileName}`,
  nameLabel: 'Recording name',
  upload: 'Upload',
  uploading: 'Uploading…',
  cancel: 'Cancel',
  uploaded: 'Recording added.',
  uploadFailed: 'The recording could not be uploaded.',
  play: 'Play',
  playLabel: (name: string) => `Play ${name}`,
  playerLabel: (name: string) => `Recording ${name}`,
  loadingAudio: 'Loading…',
  playFailed: 'The recording could not be loaded.',
  delete: 'Delete',
  deleteRecordingLabel: (name: string) => `Delete recording ${name}`,
  deleteRecordingTitle: 'Delete recording?',
  deleteRecordingMessage: (name: string) =>
    `“${name}” will be deleted for the whole team. This cannot be undone.`,
  recordingDeleted: 'Recording deleted.',
  deleteFailed: 'It could not be deleted.',
  addedBy: (name: string | null) =>
    name === null ? 'Added by a deleted account' : `Added by ${name}`,
  lengthLabel: 'Length',
  usage: (used: string, quota: string) => `${used} of ${quota} used`,
  linksHeading: 'Reference links',
  noLinks: 'No links yet.',
  linkUrlLabel: 'Link address',
  linkUrlHint: 'A video or a streaming page, starting with https://',
  linkNameLabel: 'Link name (optional)',
  addLink: 'Add link',
  linkAdded: 'Link added.',
  addLinkFailed: 'The link could not be added.',
  deleteLinkLabel: (name: string) => `Delete link ${name}`,
  deleteLinkTitle: 'Delete link?',
  deleteLinkMessage: (name: string) => `The link “${name}” will be removed from this song.`,
  linkDeleted: 'Link deleted.',
  opensInNewTab: '(opens in a new tab)',
} as const;

/**
 * Why a recording cannot be played offline: it is not kept on this device, with what would keep
 * it (`keeping`: whether this device keeps recordings for practice).
 */
export function recordingNotKept(keeping: boolean): string {
  return keeping
    ? 'This recording is not kept on this device: Segue keeps the recordings of the coming two weeks’ setlists, up to 1 GB, while it is open with a connection.'
    : 'This recording is not kept on this device. Turn on “Keep recordings for offline practice” in Account Settings.';
}

/** A recording's length as a player shows it: "3:07", "1:02:05", or "—" when unknown. */
export function durationText(durationMs: number | null): string {
  if (durationMs === null || !Number.isFinite(durationMs) || durationMs < 0) return '—';
  const total = Math.round(durationMs / 1000);
  const seconds = total % 60;
  const minutes = Math.floor(total / 60) % 60;
  const hours = Math.floor(total / 3600);
  const ss = String(seconds).padStart(2, '0');
  if (hours === 0) return `${minutes}:${ss}`;
  return `${hours}:${String(minutes).padStart(2, '0')}:${ss}`;
}

const MB = 1024 * 1024;

/**
 * Bytes in MB as the usage line says them: whole from 10 MB, one decimal below, and never
 * "0 MB" for something stored (a short clip counts as 0.1 MB).
 */
export function megabytesText(bytes: number): string {
  if (bytes <= 0) return '0 MB';
  const mb = bytes / MB;
  if (mb < 0.1) return '0.1 MB';
  if (mb < 10) {
    const tenths = Math.round(mb * 10) / 10;
    return `${Number.isInteger(tenths) ? tenths : tenths.toFixed(1)} MB`;
  }
  return `${Math.round(mb)} MB`;
}

/** "3.2 MB of 2048 MB used": the team's recordings against its quota. */
export function usageText(usedBytes: number, quotaBytes: number): string {
  return RECORDINGS_TEXTS.usage(megabytesText(usedBytes), megabytesText(quotaBytes));
}

/**
 * The name a recording is offered under: its file's name without the extension ("Take 2.mp3"
 * is "Take 2"), within the length the server takes. A name that is all extension stays whole.
 */
export function recordingNameOf(fileName: string): string {
  const trimmed = fileName.trim();
  const dot = trimmed.lastIndexOf('.');
  const base = dot > 0 ? trimmed.slice(0, dot).trim() : trimmed;
  return (base || trimmed).slice(0, MEDIA_LIMITS.nameMax);
}
