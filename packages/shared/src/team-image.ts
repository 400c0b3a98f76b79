/**
 * A team's image (its logo, shown by the projector's Logo screen): PNG, JPEG or WebP, known by
 * its bytes, not its name or the type a browser claims.
 */
export const TEAM_IMAGE = {
  maxBytes: 2 * 1024 * 1024,
  mediaTypes: ['image/png', 'image/jpeg', 'image/webp'],
} as const;

export type TeamImageMediaType = (typeof TEAM_IMAGE.mediaTypes)[number];

export const TEAM_IMAGE_TEXTS = {
  wrongType: 'The image must be a PNG, JPEG or WebP file.',
  tooLarge: 'The image must be 2 MB or smaller.',
  none: 'This team has no image.',
} as const;

/** The media type the bytes begin with, or null when they are none of the three. */
export function teamImageTypeOf(bytes: Uint8Array): TeamImageMediaType | null {
  const starts = (signature: readonly number[], at = 0) =>
    bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  // RIFF, a length, then WEBP.
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}
