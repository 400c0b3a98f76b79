import { LOCALES, listOfNames, type Locale } from '@segue/shared';
import { de } from './texts/de.ts';
import { en } from './texts/en.ts';
import { es } from './texts/es.ts';
import { fr } from './texts/fr.ts';
import { ko } from './texts/ko.ts';
import { ptBR } from './texts/pt-BR.ts';

/**
 * Every mail Segue sends, in one language (docs/DECISIONS.md, "Mails in the recipient's
 * language"). English is the source: its texts are the mails as they always were, word for
 * word. Values reach `html` functions already HTML-escaped (links and names alike); `text`
 * functions and subjects get them as they are.
 */
export interface MailTexts {
  /** The tag `Intl` formats this language's days, times and lists with. */
  intl: string;
  /** "Label: value" as this language writes it (French puts a space before the colon). */
  labelled: (label: string, value: string) => string;

  verification: {
    subject: string;
    text: (p: { link: string }) => string;
    html: (p: { link: string }) => string;
  };
  /** To the new address of an e-mail change. */
  emailChange: {
    subject: string;
    text: (p: { email: string; link: string }) => string;
  };
  /** To the old address of an e-mail change. */
  emailChanging: {
    subject: string;
    text: (p: { email: string }) => string;
  };
  passwordReset: {
    subject: string;
    text: (p: { link: string }) => string;
  };
  invite: {
    /** Who invites, when the admin has no name. */
    anAdmin: string;
    subject: (p: { team: string }) => string;
    /** `until`: the link's end, a date and time in UTC. */
    text: (p: { who: string; team: string; until: string; link: string }) => string;
    html: (p: { who: string; team: string; until: string; link: string }) => string;
  };
  addedToTeam: {
    anAdmin: string;
    subject: (p: { team: string }) => string;
    text: (p: { who: string; team: string }) => string;
  };
  /** What every mail about a service says. */
  service: {
    /** The service's day and its start time (HH:MM). */
    dayAt: (p: { day: string; time: string }) => string;
    dayWithoutTime: (p: { day: string }) => string;
    when: string;
    positions: (count: number) => string;
    songs: string;
    noSongs: string;
    /** A song as listed, with its key for this service when it has one. */
    song: (p: { title: string; key: string | null }) => string;
    answerAsk: string;
    accept: string;
    decline: string;
    linkOnce: string;
    /** `accept` and `decline`: the links, as HTML. */
    answerHtml: (p: { accept: string; decline: string }) => string;
    openDashboard: string;
    notAnswered: string;
    declineIfCannot: string;
  };
  assigned: {
    someone: string;
    subject: (p: { what: string; setlist: string; day: string }) => string;
    intro: (p: { by: string; what: string; setlist: string; day: string; team: string }) => string;
    outro: string;
  };
  reminder: {
    subject: (p: { setlist: string; daysBefore: 3 | 1; day: string }) => string;
    intro: (p: {
      what: string;
      setlist: string;
      daysBefore: 3 | 1;
      day: string;
      team: string;
    }) => string;
  };
  declined: {
    subject: (p: { who: string; position: string; setlist: string; day: string }) => string;
    line: (p: {
      who: string;
      position: string;
      setlist: string;
      day: string;
      team: string;
    }) => string;
    reason: string;
    assignSomeoneElse: string;
    openSetlist: string;
  };
  dateChanged: {
    subject: (p: { setlist: string; day: string }) => string;
    line: (p: { setlist: string; team: string; day: string; previous: string }) => string;
    positions: (p: { what: string }) => string;
    leadsSongs: string;
  };
}

export const MAIL_TEXTS: Readonly<Record<Locale, MailTexts>> = {
  en,
  es,
  'pt-BR': ptBR,
  de,
  fr,
  ko,
};

/** The mails' texts in a language. */
export function mailTexts(locale: Locale): MailTexts {
  return MAIL_TEXTS[locale];
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** "A, B and C" in the language (English's own words, as its mails always said). */
export function listIn(locale: Locale, names: readonly string[]): string {
  if (locale === 'en') return listOfNames(names);
  return new Intl.ListFormat(MAIL_TEXTS[locale].intl, { type: 'conjunction' }).format(names);
}

/** A setlist's day (YYYY-MM-DD) as people read it: "Sunday, March 10, 2030"; the day, not a moment. */
export function dayIn(locale: Locale, day: string): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time)) return day;
  return new Intl.DateTimeFormat(MAIL_TEXTS[locale].intl, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(time));
}

/** A moment in UTC, named so: "12 March 2030 at 09:30 UTC" (an invitation's end). */
export function momentInUtc(locale: Locale, date: Date): string {
  // English mails have always written it the British way.
  const tag = locale === 'en' ? 'en-GB' : MAIL_TEXTS[locale].intl;
  return `${new Intl.DateTimeFormat(tag, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date)} UTC`;
}

/**
 * The keys of `candidate` missing against `reference`, or of another kind (a text where a
 * function belongs): a language's table must hold every mail.
 */
export function missingMailTexts(reference: object, candidate: object, path = ''): string[] {
  const missing: string[] = [];
  for (const [key, value] of Object.entries(reference)) {
    const at = path ? `${path}.${key}` : key;
    const other: unknown = (candidate as Record<string, unknown>)[key];
    if (typeof other !== typeof value || other === null || other === '') missing.push(at);
    else if (typeof value === 'object' && value !== null) {
      missing.push(...missingMailTexts(value as object, other as object, at));
    }
  }
  return missing;
}

/** The languages whose table misses a mail or a text (none, when every language is whole). */
export function incompleteLanguages(): string[] {
  return LOCALES.filter((l) => missingMailTexts(en, MAIL_TEXTS[l]).length > 0);
}
