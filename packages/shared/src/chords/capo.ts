import { parseKey, tonicPlace } from './keys.ts';
import { mod, pitchClass } from './fifths.ts';

/**
 * What a musician's capo does when the band plays a song in another key than planned: keep
 * the chord shapes they practised and move the capo ('shapes', the default), or keep the capo
 * where it is and read new shapes ('capo'). A choice of each device, in My view.
 */
export type CapoRule = 'shapes' | 'capo';

export const CAPO_RULES = ['shapes', 'capo'] as const satisfies readonly CapoRule[];

export const DEFAULT_CAPO_RULE: CapoRule = 'shapes';

/** The highest fret a capo can be moved to (My view's choices: 0 to 11). */
const MAX_CAPO = 11;

/**
 * The capo for a song played in `live` by a musician who set `capo` for its `planned` key.
 * Keeping shapes moves the capo by the smaller step between the two keys (E to F: up one; E to
 * D: down two): capo 2 with D shapes in E becomes capo 3 with D shapes in F. The capo stays
 * where it is when the rule is 'capo', when the musician plays without one (a keyboard player
 * reads the chords as they sound, and must not be handed shapes), when either key is unknown,
 * and when the shapes cannot be kept (the capo would go below the nut or past fret 11).
 */
export function capoForKey(
  capo: number,
  planned: string | null,
  live: string | null,
  rule: CapoRule = DEFAULT_CAPO_RULE,
): number {
  if (rule === 'capo' || capo === 0 || planned === null || live === null) return capo;
  const from = parseKey(planned);
  const to = parseKey(live);
  if (!from || !to) return capo;
  const up = mod(pitchClass(tonicPlace(to)) - pitchClass(tonicPlace(from)), 12);
  const step = up > 6 ? up - 12 : up;
  const moved = capo + step;
  return moved >= 0 && moved <= MAX_CAPO ? moved : capo;
}
