import { z } from 'zod';
import { text } from './text.ts';

/**
 * A song's recordings (audio files the team rehearses with) and reference links (a video or a
 * streaming page that opens in a new tab). A recording's type is known by its bytes, never by
 * its name or the type a browser claims (docs/DECISIONS.md, "Recordings on a song").
 */
export const MEDIA_LIMITS = {
  /** The most one recording may weigh. */
  maxFileBytes: 50 * 1024 * 1024,
  /** A team's recordings together, unless MEDIA_QUOTA_MB says otherwise. */
  defaultQuotaMb: 2048,
  recordingsPerSong: 20,
  linksPerSong: 20,
  nameMax: 200,
  urlMax: 2000,
  /** Marks on one recording: a part may be marked each time the recording reaches it. */
  marksPerRecording: 200,
  /** The longest recording a mark may point into: six hours. */
  maxAtMs: 6 * 60 * 60 * 1000,
} as const;

/** The types a recording may be, as its bytes show them. */
export const RECORDING_TYPES = [
  'audio/mpeg',
  'audio/mp4',
  'audio/aac',
  'audio/ogg',
  'audio/wav',
  'audio/flac',
] as const;
export type RecordingType = (typeof RECORDING_TYPES)[number];

export const MEDIA_TEXTS = {
  tooLarge: 'A recording must be 50 MB or smaller.',
  empty: 'The recording is empty.',
  wrongType: 'This file is not a recording Segue can play: use MP3, M4A (AAC), OGG, WAV or FLAC.',
  quotaFull: (quotaMb: number) =>
    `This recording would take the team past its ${quotaMb} MB for recordings. Delete a recording first.`,
  tooManyRecordings: `A song can have at most ${MEDIA_LIMITS.recordingsPerSong} recordings.`,
  tooManyLinks: `A song can have at most ${MEDIA_LIMITS.linksPerSong} links.`,
  recordingNotFound: 'Recording not found.',
  linkNotFound: 'Link not found.',
  badUrl: 'A link must be a web address starting with https://.',
  badName: `A name is 1 to ${MEDIA_LIMITS.nameMax} characters.`,
  badMarks: 'Each mark names a part of the song and a time within the recording.',
  notInExport: 'Recordings are not part of the JSON export; their links are.',
} as const;

const Name = text()
  .trim()
  .min(1, MEDIA_TEXTS.badName)
  .max(MEDIA_LIMITS.nameMax, MEDIA_TEXTS.badName);

/** Who added a recording or a link (null once their account is gone). */
export const MediaAdderSchema = z.object({ id: z.string(), name: z.string() }).nullable();

/** A part of the song that the recording reaches at `atMs` milliseconds from its start. */
export const MediaMarkSchema = z.object({
  partId: text().min(1, MEDIA_TEXTS.badMarks).max(200, MEDIA_TEXTS.badMarks),
  atMs: z
    .number(MEDIA_TEXTS.badMarks)
    .int(MEDIA_TEXTS.badMarks)
    .min(0, MEDIA_TEXTS.badMarks)
    .max(MEDIA_LIMITS.maxAtMs, MEDIA_TEXTS.badMarks),
});
export type MediaMark = z.infer<typeof MediaMarkSchema>;

/** `PUT /api/media/{id}/marks`: every mark of the recording, in any order (kept sorted by time). */
export const MediaMarksInputSchema = z
  .array(MediaMarkSchema, MEDIA_TEXTS.badMarks)
  .max(MEDIA_LIMITS.marksPerRecording, MEDIA_TEXTS.badMarks);

/** `201` of `POST /api/songs/{id}/media`. */
export const RecordingCreatedSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(RECORDING_TYPES),
  size: z.number().int(),
  /** Null when the file does not say (a stream with no length in its headers). */
  durationMs: z.number().int().nullable(),
});

export const RecordingSchema = RecordingCreatedSchema.extend({
  songId: z.string(),
  addedBy: MediaAdderSchema,
  createdAt: z.string(),
  marks: z.array(MediaMarkSchema),
});
export type Recording = z.infer<typeof RecordingSchema>;

/** A link must be https: it opens in a new tab, and nothing else may ride in it. */
export const HttpsUrlSchema = text(MEDIA_TEXTS.badUrl)
  .trim()
  .max(MEDIA_LIMITS.urlMax, MEDIA_TEXTS.badUrl)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password;
    } catch {
      return false;
    }
  }, MEDIA_TEXTS.badUrl);

/** `POST /api/songs/{id}/links`: the address, and a name (the address's host when left out). */
export const SongLinkInputSchema = z.object({
  url: HttpsUrlSchema,
  name: Name.optional(),
});
export type SongLinkInput = z.infer<typeof SongLinkInputSchema>;

export const SongLinkSchema = z.object({
  id: z.string(),
  songId: z.string(),
  name: z.string(),
  url: z.string(),
  addedBy: MediaAdderSchema,
  createdAt: z.string(),
});
export type SongLink = z.infer<typeof SongLinkSchema>;

/** A song's links in an import file (`links` beside its parts): as `POST /api/songs/{id}/links` takes them. */
export const ImportedLinksSchema = z
  .array(SongLinkInputSchema, MEDIA_TEXTS.badUrl)
  .max(MEDIA_LIMITS.linksPerSong, MEDIA_TEXTS.tooManyLinks);

/** One link of `GET /api/songs/links`: every link of the team's songs, for the library's export. */
export const TeamSongLinkSchema = z.object({
  songId: z.string(),
  name: z.string(),
  url: z.string(),
});
export type TeamSongLink = z.infer<typeof TeamSongLinkSchema>;

/** `GET /api/songs/{id}/media`. */
export const SongMediaSchema = z.object({
  recordings: z.array(RecordingSchema),
  links: z.array(SongLinkSchema),
  /** The team's recordings against its quota, in bytes. */
  usedBytes: z.number().int(),
  quotaBytes: z.number().int(),
});
export type SongMedia = z.infer<typeof SongMediaSchema>;

/** `?name=` of an upload: the file's name as the person chose it (trimmed; the file's when absent). */
export const RecordingUploadQuerySchema = z.object({ name: Name.optional() });

/** The name a link gets when none is given: its host, without a leading "www.". */
export function linkNameOf(url: string): string {
  return new URL(url).hostname.replace(/^www\./, '');
}
