import {
  AUDIENCE_SETTINGS_TEXTS,
  CCLI_TEXTS,
  INVITE_TEXTS,
  LIMITS,
  TeamInputSchema,
} from '@segue/shared';
import { t, type MessageId } from '../../../lib/i18n/i18n.ts';
import { fieldError } from '../../../lib/i18n/server-texts.ts';

/** The message a team's name and description are refused with. */
const teamRefusal = (value: unknown) => TeamInputSchema.safeParse(value).error?.issues[0]?.message;

/**
 * The shared schemas' English refusals that the Teams screens show under a field, each with its
 * key under `teams.*` (docs/DECISIONS.md, "The interface in six languages"). The schema's
 * own words are the map's keys, so a changed text falls back to English rather than to a wrong
 * translation.
 */
export const TEAM_FIELD_MESSAGES = new Map<string | undefined, MessageId>([
  [teamRefusal({ name: '' }), 'teams.teamNameRequired'],
  [teamRefusal({ name: 'x'.repeat(LIMITS.teamNameMaxLength + 1) }), 'teams.teamNameTooLong'],
  [
    teamRefusal({ name: 'x', description: 'x'.repeat(LIMITS.teamDescriptionMaxLength + 1) }),
    'teams.descriptionTooLong',
  ],
  [INVITE_TEXTS.expiryInvalid, 'teams.expiryInvalid'],
  [INVITE_TEXTS.maxUsesInvalid, 'teams.maxUsesInvalid'],
  [CCLI_TEXTS.licenceTooLong, 'teams.ccliLicenceTooLong'],
  [CCLI_TEXTS.licenceInvalid, 'teams.ccliLicenceInvalid'],
  [CCLI_TEXTS.fromRequired, 'teams.ccliFromRequired'],
  [CCLI_TEXTS.toRequired, 'teams.ccliToRequired'],
  [CCLI_TEXTS.fromInvalid, 'teams.ccliFromInvalid'],
  [CCLI_TEXTS.toInvalid, 'teams.ccliToInvalid'],
  [CCLI_TEXTS.fromAfterTo, 'teams.ccliFromAfterTo'],
  [CCLI_TEXTS.periodTooLong, 'teams.ccliPeriodTooLong'],
  [AUDIENCE_SETTINGS_TEXTS.roomLimitInvalid, 'teams.phonesRoomLimitInvalid'],
]);

/** A field's message on the Teams screens, in the active language when a catalog knows it. */
export function teamFieldError(message: string | undefined): string | undefined {
  const key = TEAM_FIELD_MESSAGES.get(message);
  return key ? t(key) : fieldError(message);
}
