import { z } from 'zod';
import { text } from './text.ts';

/** CCLI usage reporting: the team's licence number and what it sang in a period. */
export const CCLI_LIMITS = {
  licenceMaxLength: 40,
  /** The longest period one report covers, counting both its first and its last day. */
  maxPeriodDays: 366,
} as const;

/** The CCLI tab's words and the messages both sides show. */
export const CCLI_TEXTS = {
  tab: 'CCLI',
  licenceHeading: 'CCLI Licence',
  licenceLabel: 'CCLI Licence Number',
  licenceHelp: 'Letters, digits and dashes, as printed on your CCLI licence.',
  saveLicence: 'Save Licence',
  licenceSaved: 'CCLI licence number saved',
  loadingLicence: 'Loading the licence',
  failedToLoadLicence: 'Failed to load the CCLI licence number',
  failedToSaveLicence: 'Failed to save the CCLI licence number',
  licenceTooLong: `The CCLI licence number must be at most ${CCLI_LIMITS.licenceMaxLength} characters.`,
  licenceInvalid: 'The CCLI licence number may only hold letters, digits and dashes.',
  licenceRequired: 'Send the CCLI licence number, or null to remove it.',

  reportHeading: 'Usage Report',
  fromLabel: 'From',
  toLabel: 'To',
  fromRequired: 'Choose the first day of the period (From).',
  toRequired: 'Choose the last day of the period (To).',
  fromInvalid: 'From must be a valid date (YYYY-MM-DD).',
  toInvalid: 'To must be a valid date (YYYY-MM-DD).',
  fromAfterTo: 'From must be on or before To.',
  periodTooLong: `The period can be at most ${CCLI_LIMITS.maxPeriodDays} days.`,
  columns: {
    title: 'Title',
    artist: 'Artist',
    ccli: 'CCLI Song Number',
    uses: 'Uses',
    lastUsed: 'Last Used',
  },
  noSongNumber: 'None',
  empty: 'No songs were used in this period.',
  downloadCsv: 'Download CSV',
  loadingReport: 'Loading the report',
  failedToLoadReport: 'Failed to load the CCLI report',
  failedToDownload: 'Failed to download the CCLI report',
  /** The table's caption: how many services (setlists) the period held. */
  caption: (services: number, from: string, to: string) =>
    `Songs used in ${services} ${services === 1 ? 'service' : 'services'} from ${from} to ${to}.`,
} as const;

const LICENCE_PATTERN = /^[A-Za-z0-9-]*$/;

/** Body of `PUT /api/teams/{id}/ccli`: the licence number, or null (or empty) to remove it. */
export const CcliLicenceInputSchema = z.object({
  ccliLicence: text({ error: CCLI_TEXTS.licenceRequired })
    .trim()
    .max(CCLI_LIMITS.licenceMaxLength, CCLI_TEXTS.licenceTooLong)
    .regex(LICENCE_PATTERN, CCLI_TEXTS.licenceInvalid)
    .nullable()
    .transform((value) => (value ? value : null)),
});
export type CcliLicenceInput = z.input<typeof CcliLicenceInputSchema>;

/** `GET` and `PUT /api/teams/{id}/ccli`. */
export const CcliLicenceSchema = z.object({ ccliLicence: z.string().nullable() });
export type CcliLicence = z.infer<typeof CcliLicenceSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A real day of the calendar written as YYYY-MM-DD (not 2030-02-30). */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

const daySchema = (required: string, invalid: string) =>
  text({ error: required }).trim().min(1, required).refine(isCalendarDay, invalid);

/**
 * The query of `GET /api/teams/{id}/ccli-report` (and `.csv`): both days of the period,
 * inclusive, the first not after the last, at most `CCLI_LIMITS.maxPeriodDays` days in all.
 */
export const CcliReportQuerySchema = z
  .object({
    from: daySchema(CCLI_TEXTS.fromRequired, CCLI_TEXTS.fromInvalid),
    to: daySchema(CCLI_TEXTS.toRequired, CCLI_TEXTS.toInvalid),
  })
  .superRefine(({ from, to }, context) => {
    // Only once both are days: the field's own message says what is wrong otherwise.
    if (!isCalendarDay(from) || !isCalendarDay(to)) return;
    const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
    if (days < 1) context.addIssue({ code: 'custom', message: CCLI_TEXTS.fromAfterTo });
    else if (days > CCLI_LIMITS.maxPeriodDays) {
      context.addIssue({ code: 'custom', message: CCLI_TEXTS.periodTooLong });
    }
  });
export type CcliReportQuery = z.infer<typeof CcliReportQuerySchema>;

/** One song of the report: how many services in the period used it, and the last of them. */
export const CcliReportRowSchema = z.object({
  songId: z.string(),
  title: z.string(),
  artist: z.string(),
  ccli: z.string().nullable(),
  uses: z.number().int(),
  lastUsed: z.string(),
});
export type CcliReportRow = z.infer<typeof CcliReportRowSchema>;

/** `GET /api/teams/{id}/ccli-report`: the period, the licence and its songs, most used first. */
export const CcliReportSchema = z.object({
  licence: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  rows: z.array(CcliReportRowSchema),
  /** How many setlists (services) of the team are dated in the period. */
  setlists: z.number().int(),
});
export type CcliReport = z.infer<typeof CcliReportSchema>;
