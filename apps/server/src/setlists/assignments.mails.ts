import { DEFAULT_LOCALE, type Locale } from '@segue/shared';
import type { Mail, MailAttachment } from '../lib/mailer.ts';
import { dayIn, escapeHtml, listIn, mailTexts, type MailTexts } from '../mails/mail-texts.ts';
import type { ServiceFacts } from './service-facts.ts';

// Each mail is written in the recipient's language (docs/DECISIONS.md, "Mails in the
// recipient's language"); English, the default, reads as these mails always have.

/** A setlist's day (YYYY-MM-DD) as people read it: "Sunday, March 10, 2030". */
export function mailDay(day: string, locale: Locale = DEFAULT_LOCALE): string {
  return dayIn(locale, day);
}

interface SetlistFacts {
  setlistName: string;
  /** YYYY-MM-DD */
  date: string;
  teamName: string;
}

/** Text and HTML of a mail of lines, with one link. */
function mail(
  t: MailTexts,
  to: string,
  subject: string,
  lines: string[],
  link: string,
  linkText: string,
): Mail {
  return {
    to,
    subject,
    link,
    text: [...lines, '', t.labelled(linkText, link)].join('\n'),
    html:
      lines
        .filter((line) => line !== '')
        .map((line) => `<p>${escapeHtml(line)}</p>`)
        .join('') + `<p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p>`,
  };
}

/** The service's day, and its start time when the setlist names one. */
export function mailWhen(
  facts: Pick<ServiceFacts, 'date' | 'startTime'>,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const t = mailTexts(locale).service;
  const day = mailDay(facts.date, locale);
  return facts.startTime ? t.dayAt({ day, time: facts.startTime }) : t.dayWithoutTime({ day });
}

/** The one-tap answer links of a mail (docs/DECISIONS.md, "Assignment mails ..."). */
interface AnswerLinks {
  acceptUrl: string;
  declineUrl: string;
}

/** "1. Amazing Grace (key G)" per song, or a line saying there are none yet. */
function songLines(t: MailTexts, facts: ServiceFacts): string[] {
  if (facts.songs.length === 0) return [t.service.noSongs];
  return facts.songs.map((s, i) => `${i + 1}. ${t.service.song(s)}`);
}

/** The lines every mail about a service carries: when, what the person plays, the songs. */
function serviceLines(locale: Locale, facts: ServiceFacts, positions: string[]): string[] {
  const t = mailTexts(locale);
  return [
    t.labelled(t.service.when, mailWhen(facts, locale)),
    t.labelled(t.service.positions(positions.length), listIn(locale, positions)),
    t.service.songs,
    ...songLines(t, facts),
  ];
}

function answerLines(t: MailTexts, links: AnswerLinks): string[] {
  return [
    t.service.answerAsk,
    t.labelled(t.service.accept, links.acceptUrl),
    t.labelled(t.service.decline, links.declineUrl),
    t.service.linkOnce,
  ];
}

/** HTML of a mail: paragraphs, the song list as a list, and the links as links. */
function serviceHtml(
  locale: Locale,
  intro: string[],
  facts: ServiceFacts,
  positions: string[],
  links: AnswerLinks | null,
  outro: string[],
  dashboardUrl: string,
): string {
  const t = mailTexts(locale);
  const p = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const a = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const songs =
    facts.songs.length === 0
      ? p(t.service.noSongs)
      : `<p>${escapeHtml(t.service.songs)}</p><ol>${facts.songs
          .map((s) => `<li>${escapeHtml(t.service.song(s))}</li>`)
          .join('')}</ol>`;
  return [
    ...intro.map(p),
    p(t.labelled(t.service.when, mailWhen(facts, locale))),
    p(t.labelled(t.service.positions(positions.length), listIn(locale, positions))),
    songs,
    links
      ? `<p>${t.service.answerHtml({
          accept: a(links.acceptUrl, t.service.accept),
          decline: a(links.declineUrl, t.service.decline),
        })}</p>`
      : '',
    ...outro.map(p),
    `<p>${a(dashboardUrl, t.service.openDashboard)}</p>`,
  ].join('');
}

/**
 * To someone just assigned to positions of a setlist: what, when (day and start time), the
 * songs in their keys, one-tap Accept and Decline links and the service as an .ics file.
 */
export function assignedMail(
  to: string,
  facts: ServiceFacts & {
    positions: string[];
    by: string;
    dashboardUrl: string;
    links: AnswerLinks;
    attachment: MailAttachment;
  },
  locale: Locale = DEFAULT_LOCALE,
): Mail {
  const t = mailTexts(locale);
  const day = mailDay(facts.date, locale);
  const what = listIn(locale, facts.positions);
  const intro = [
    t.assigned.intro({
      by: facts.by || t.assigned.someone,
      what,
      setlist: facts.setlistName,
      day,
      team: facts.teamName,
    }),
  ];
  const subject = t.assigned.subject({ what, setlist: facts.setlistName, day });
  return serviceMail(to, locale, facts, subject, intro, [t.assigned.outro]);
}

/**
 * A mail about a service: its intro, the service (day, time, songs), the Accept and Decline
 * links when there are some, its outro and the dashboard's link, as text and HTML, with the
 * service as an .ics file.
 */
function serviceMail(
  to: string,
  locale: Locale,
  facts: ServiceFacts & {
    positions: string[];
    dashboardUrl: string;
    links: AnswerLinks | null;
    attachment: MailAttachment;
  },
  subject: string,
  intro: string[],
  outro: string[],
): Mail {
  const t = mailTexts(locale);
  return {
    to,
    subject,
    link: facts.dashboardUrl,
    text: [
      ...intro,
      '',
      ...serviceLines(locale, facts, facts.positions),
      '',
      ...(facts.links ? [...answerLines(t, facts.links), ''] : []),
      ...outro,
      '',
      t.labelled(t.service.openDashboard, facts.dashboardUrl),
    ].join('\n'),
    html: serviceHtml(
      locale,
      intro,
      facts,
      facts.positions,
      facts.links,
      outro,
      facts.dashboardUrl,
    ),
    attachments: [facts.attachment],
  };
}

/**
 * A reminder 3 days or 1 day before a service, to someone who holds positions in it and has
 * not declined. `links`: for positions still waiting for an answer.
 */
export function reminderMail(
  to: string,
  facts: ServiceFacts & {
    positions: string[];
    daysBefore: 3 | 1;
    dashboardUrl: string;
    links: AnswerLinks | null;
    attachment: MailAttachment;
  },
  locale: Locale = DEFAULT_LOCALE,
): Mail {
  const t = mailTexts(locale);
  const day = mailDay(facts.date, locale);
  const intro = [
    t.reminder.intro({
      what: listIn(locale, facts.positions),
      setlist: facts.setlistName,
      daysBefore: facts.daysBefore,
      day,
      team: facts.teamName,
    }),
  ];
  const outro = [facts.links ? t.service.notAnswered : t.service.declineIfCannot];
  const subject = t.reminder.subject({
    setlist: facts.setlistName,
    daysBefore: facts.daysBefore,
    day,
  });
  return serviceMail(to, locale, facts, subject, intro, outro);
}

/** To the setlist's creator: someone declined their position. */
export function declinedMail(
  to: string,
  facts: SetlistFacts & { who: string; position: string; setlistUrl: string; reason?: string },
  locale: Locale = DEFAULT_LOCALE,
): Mail {
  const t = mailTexts(locale);
  const day = mailDay(facts.date, locale);
  const named = { who: facts.who, position: facts.position, setlist: facts.setlistName, day };
  return mail(
    t,
    to,
    t.declined.subject(named),
    [
      t.declined.line({ ...named, team: facts.teamName }),
      ...(facts.reason ? [t.labelled(t.declined.reason, facts.reason)] : []),
      '',
      t.declined.assignSomeoneElse,
    ],
    facts.setlistUrl,
    t.declined.openSetlist,
  );
}

/** To the people assigned in a setlist whose day changed. */
export function dateChangedMail(
  to: string,
  facts: SetlistFacts & { previousDate: string; positions: string[]; dashboardUrl: string },
  locale: Locale = DEFAULT_LOCALE,
): Mail {
  const t = mailTexts(locale);
  const day = mailDay(facts.date, locale);
  return mail(
    t,
    to,
    t.dateChanged.subject({ setlist: facts.setlistName, day }),
    [
      t.dateChanged.line({
        setlist: facts.setlistName,
        team: facts.teamName,
        day,
        previous: mailDay(facts.previousDate, locale),
      }),
      facts.positions.length > 0
        ? t.dateChanged.positions({ what: listIn(locale, facts.positions) })
        : t.dateChanged.leadsSongs,
      '',
      t.service.declineIfCannot,
    ],
    facts.dashboardUrl,
    t.service.openDashboard,
  );
}
