import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_SETTINGS_TEXTS,
  ASSIGNMENT_LINK_TEXTS,
  CALENDAR_FEED_TEXTS,
  FOLLOW_TEXTS,
  INVITE_TEXTS,
  JOIN_REQUEST_TEXTS,
  LIVE_TEXTS,
  MEDIA_TEXTS,
  TEAM_IMAGE_TEXTS,
  TRASH_TEXTS,
  LISTENING_TEXTS,
  ChangeEmailInputSchema,
  ChangePasswordInputSchema,
  DeleteAccountInputSchema,
  PEOPLE_TEXTS,
  SERVER_ERRORS,
  SETLIST_TEXTS,
  SONG_TEXTS,
  TEXTS,
  TotpDisableInputSchema,
  UpdateLocaleInputSchema,
} from '@segue/shared';
import { activateLocale, t } from './i18n.ts';
import { translateServerText } from './server-texts.ts';

/**
 * The refusals of each feature the server sends as a 4xx answer's text. A text with a value
 * inside is its function given the catalog's placeholder (`{max}`).
 */
const FEATURE_REFUSALS: string[] = [
  INVITE_TEXTS.notValid,
  INVITE_TEXTS.inviteNotFound,
  INVITE_TEXTS.tooManyPending,
  JOIN_REQUEST_TEXTS.noPendingRequest,
  TEAM_IMAGE_TEXTS.none,
  TEAM_IMAGE_TEXTS.tooLarge,
  TEAM_IMAGE_TEXTS.wrongType,
  SONG_TEXTS.songNotFound,
  SONG_TEXTS.teamHeaderRequired,
  SONG_TEXTS.creatorOnlyImport,
  SONG_TEXTS.libraryFull('{max}' as unknown as number),
  TRASH_TEXTS.songEditorsRefused,
  TRASH_TEXTS.setlistEditorsRefused,
  SETLIST_TEXTS.notFound,
  SETLIST_TEXTS.assigneeNotMember,
  SETLIST_TEXTS.leaderNotMember,
  SETLIST_TEXTS.songNotInSetlist,
  SETLIST_TEXTS.songNotInTeam,
  PEOPLE_TEXTS.assignmentChanged,
  PEOPLE_TEXTS.notAssignee,
  PEOPLE_TEXTS.blockoutNotFound,
  PEOPLE_TEXTS.tooManyBlockouts,
  ASSIGNMENT_LINK_TEXTS.expired,
  ASSIGNMENT_LINK_TEXTS.notValid,
  ASSIGNMENT_LINK_TEXTS.used,
  CALENDAR_FEED_TEXTS.feedNotFound,
  LIVE_TEXTS.emptyAnnouncement,
  LIVE_TEXTS.invalid,
  LIVE_TEXTS.notAllowed,
  LIVE_TEXTS.notDriver,
  LIVE_TEXTS.notDriverClick,
  LIVE_TEXTS.notDriverOnScreen,
  LIVE_TEXTS.notDriverScreen,
  LIVE_TEXTS.notFound,
  LIVE_TEXTS.notJoined,
  LIVE_TEXTS.slowDown,
  MEDIA_TEXTS.empty,
  MEDIA_TEXTS.linkNotFound,
  MEDIA_TEXTS.recordingNotFound,
  MEDIA_TEXTS.tooLarge,
  MEDIA_TEXTS.tooManyLinks,
  MEDIA_TEXTS.tooManyRecordings,
  MEDIA_TEXTS.wrongType,
  MEDIA_TEXTS.quotaFull('{quotaMb}' as unknown as number),
  LISTENING_TEXTS.notLeader,
  FOLLOW_TEXTS.licenceOwnerOnly,
  FOLLOW_TEXTS.notDriver,
];

/**
 * The song files' refusals live in the server app, which this package does not import: the
 * test reads them as written in its source.
 */
const SERVER_SOURCES = ['songs/song-files.service.ts', 'songs/song-file-reader.ts'].map((file) =>
  readFileSync(new URL(`../../../../server/src/${file}`, import.meta.url), 'utf8'),
);
const SONG_FILE_REFUSALS = [
  'The file is empty.',
  'A song file can be at most 5 MB.',
  'This file took too long to read.',
  'This file needs more memory to read than Segue gives one file.',
  'Segue is reading many files right now. Please try again in a moment.',
];

const english = JSON.parse(
  readFileSync(new URL('../../locales/en.json', import.meta.url), 'utf8'),
) as Record<string, string>;

/** The message a schema answers for an input it refuses. */
const refusal = (
  schema: { safeParse(value: unknown): { error?: { issues: { message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error?.issues[0]?.message;

describe('the English catalog and the texts of @segue/shared', () => {
  it("quotes the spec's texts exactly where the screens show them", () => {
    const quoted: [string, string][] = [
      ['shell.productName', TEXTS.productName],
      ['landing.tagline', TEXTS.tagline],
      ['landing.getStartedFree', TEXTS.getStartedFree],
      ['landing.goToDashboard', TEXTS.goToDashboard],
      ['landing.joinNow', TEXTS.joinNow],
      ['landing.screenshotsComingSoon', `Screenshots are ${TEXTS.comingSoon}.`],
      ['accounts.loginSuccess', TEXTS.loginSuccess],
      ['accounts.loginFailed', TEXTS.loginFailed],
      ['accounts.registrationSuccess', TEXTS.registrationSuccess],
      ['accounts.registrationFailed', TEXTS.registrationFailed],
      ['accounts.verifying', TEXTS.verifying],
      ['accounts.verified', TEXTS.verified],
      ['accounts.invalidVerificationLink', TEXTS.invalidVerificationLink],
      ['accounts.verificationFailed', TEXTS.verificationFailed],
      ['accounts.pleaseVerify', TEXTS.pleaseVerify],
      ['accounts.verificationResent', TEXTS.verificationResent],
      ['accounts.couldNotResend', TEXTS.couldNotResend],
      ['shell.somethingWentWrong', TEXTS.somethingWentWrong],
      ['shell.tryAgain', TEXTS.tryAgain],
      ['nav.logoutSuccess', TEXTS.logoutSuccess],
      ['nav.logoutFailed', TEXTS.logoutFailed],
      ['nav.logoutOffline', TEXTS.logoutOffline],
      ['dashboard.fallbackFirstName', TEXTS.fallbackFirstName],
      ['dashboard.noTeamSelected', TEXTS.noTeamSelected],
      ['dashboard.welcome', `${TEXTS.welcome} {name}`],
      ['chart.keepKeyTitle', SETLIST_TEXTS.keepKey('{key}')],
      ['practice.songNotFound', SONG_TEXTS.songNotFound],
      ['practice.failedToLoadSong', SONG_TEXTS.failedToLoadSong],
      ['practice.listeningNotice', LISTENING_TEXTS.notice],
    ];
    for (const [key, text] of quoted) expect(english[key], key).toBe(text);
  });

  it("holds the follow page's texts with a value inside as @segue/shared writes them", () => {
    expect(english['follow.songCcli']).toBe(FOLLOW_TEXTS.songCcli('{number}'));
    expect(english['follow.ccliLicenceNumber']).toBe(`${FOLLOW_TEXTS.ccliLicence} {number}`);
  });

  it("counts the congregation's phones in the live view as the follow texts do", () => {
    for (const count of [0, 1, 2, 12]) {
      expect(t('live.phonesFollowing', { count })).toBe(FOLLOW_TEXTS.following(count));
    }
  });

  it('mirrors each shared constant under its prefix', () => {
    const mirrors: [prefix: string, texts: Record<string, unknown>][] = [
      ['people.', PEOPLE_TEXTS],
      ['calendar.', CALENDAR_FEED_TEXTS],
      // The share dialog's words that the band and the server both say.
      ['share.', FOLLOW_TEXTS],
      // The follow page's own words.
      ['follow.', FOLLOW_TEXTS],
    ];
    for (const [prefix, texts] of mirrors) {
      for (const [key, text] of Object.entries(english)) {
        if (!key.startsWith(prefix)) continue;
        const name = key.slice(prefix.length);
        const shared = texts[name];
        // A text with a value is a function in @segue/shared: its English is the catalog's.
        if (typeof shared === 'function') continue;
        if (shared === undefined) continue;
        expect(text, key).toBe(shared);
      }
    }
  });

  it('holds under server.* only texts the server sends, word for word', () => {
    const sent = new Set<string>(
      [SERVER_ERRORS, ACCOUNT_SETTINGS_TEXTS]
        .flatMap((texts) => Object.values(texts))
        .filter((text): text is string => typeof text === 'string'),
    );
    for (const text of [...FEATURE_REFUSALS, ...SONG_FILE_REFUSALS]) sent.add(text);
    for (const text of SONG_FILE_REFUSALS) {
      expect(
        SERVER_SOURCES.some((source) => source.includes(`'${text}'`)),
        text,
      ).toBe(true);
    }
    for (const message of [
      refusal(ChangeEmailInputSchema, { email: 'a@example.com', password: '' }),
      refusal(ChangePasswordInputSchema, { oldPassword: '', password: 'a long new password' }),
      refusal(DeleteAccountInputSchema, {}),
      refusal(TotpDisableInputSchema, {}),
      refusal(UpdateLocaleInputSchema, { locale: 'xx' }),
    ]) {
      expect(message).toBeTypeOf('string');
      sent.add(message!);
    }
    const server = Object.entries(english).filter(([key]) => key.startsWith('server.'));
    expect(server.length).toBeGreaterThan(0);
    for (const [key, text] of server) expect(sent.has(text), `${key}: "${text}"`).toBe(true);
    // And every text sent above has its key.
    const held = new Set(server.map(([, text]) => text));
    for (const text of sent) expect(held.has(text), text).toBe(true);
  });
});

describe("the server's texts on screen", () => {
  it('are shown in the active language when the catalog knows them, else as sent', async () => {
    expect(translateServerText(SERVER_ERRORS.invalidCredentials)).toBe(
      SERVER_ERRORS.invalidCredentials,
    );
    await activateLocale('es');
    try {
      expect(translateServerText(SERVER_ERRORS.invalidCredentials)).toBe(
        'Correo electrónico o contraseña incorrectos.',
      );
      expect(translateServerText('Something no catalog holds.')).toBe(
        'Something no catalog holds.',
      );
    } finally {
      await activateLocale('en');
    }
  });

  it("show each feature's refusals in the active language, a value inside read back", async () => {
    const full = SONG_TEXTS.libraryFull(2000);
    expect(translateServerText(full)).toBe(full);
    await activateLocale('de');
    try {
      expect(translateServerText(INVITE_TEXTS.notValid)).toBe(
        'Dieser Einladungslink ist ungültig.',
      );
      expect(translateServerText(LIVE_TEXTS.notDriver)).toBe(
        'Nur die Leitung kann die Live-Setlist ändern.',
      );
      expect(translateServerText(full)).toBe(
        'Die Songbibliothek eines Teams fasst höchstens 2.000 Songs. Lösche zuerst einige Songs.',
      );
      expect(translateServerText(MEDIA_TEXTS.quotaFull(500))).toBe(
        'Mit dieser Aufnahme käme das Team über seine 500 MB für Aufnahmen. Lösche zuerst eine Aufnahme.',
      );
      // Names inside a sentence are not read back: it stays as sent.
      const away = PEOPLE_TEXTS.awayConflict(['Ann', 'Bob'], '2026-12-06');
      expect(translateServerText(away)).toBe(away);
    } finally {
      await activateLocale('en');
    }
  });
});
