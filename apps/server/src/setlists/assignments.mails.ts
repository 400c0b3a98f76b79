import { listOfNames } from '@segue/shared';
import type { Mail, MailAttachment } from '../lib/mailer.ts';
import { songLines, type ServiceFacts } from './service-facts.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A setlist's day (YYYY-MM-DD) as people read it: "Sunday, March 10, 2030". */
export function mailDay(day: string): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time)) return day;
  return new Date(time).toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

interface SetlistFacts {
  setlistName: string;
  /** YYYY-MM-DD */
  date: string;
  teamName: string;
}

/** Text and HTML of a mail of lines, with one link. */
function mail(to: string, subject: string, lines: string[], link: string, linkText: string): Mail {
  return {
    to,
    subject,
    link,
    text: [...lines, '', `${linkText}: ${link}`].join('\n'),
    html:
      lines
        .filter((line) => line !== '')
        .map((line) => `<p>${escapeHtml(line)}</p>`)
        .join('') + `<p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p>`,
  };
}

/** The service's day, and its start time when the setlist names one. */
export function mailWhen(facts: Pick<ServiceFacts, 'date' | 'startTime'>): string {
  const day = mailDay(facts.date);
  return facts.startTime ? `${day} at ${facts.startTime}` : `${day} (no start time set)`;
}

/** The one-tap answer links of a mail (docs/DECISIONS.md, "Assignment mails ..."). */
interface AnswerLinks {
  acceptUrl: string;
  declineUrl: string;
}

/** The lines every mail about a service carries: when, what the person plays, the songs. */
function serviceLines(facts: ServiceFacts, positions: string[]): string[] {
  return [
    `When: ${mailWhen(facts)}`,
    `${positions.length === 1 ? 'Your position' : 'Your positions'}: ${listOfNames(positions)}`,
    'Songs:',
    ...songLines(facts),
  ];
}

function answerLines(links: AnswerLinks): string[] {
  return [
    'Can you make it? Answer with one tap:',
    `Accept: ${links.acceptUrl}`,
    `Decline: ${links.declineUrl}`,
    'The link works once, until the day after the service.',
  ];
}

/** HTML of a mail: paragraphs, the song list as a list, and the links as links. */
function serviceHtml(
  intro: string[],
  facts: ServiceFacts,
  positions: string[],
  links: AnswerLinks | null,
  outro: string[],
  dashboardUrl: string,
): string {
  const p = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const a = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const songs =
    facts.songs.length === 0
      ? p('No songs chosen yet.')
      : `<p>Songs:</p><ol>${songLines(facts)
          .map((line) => `<li>${escapeHtml(line.replace(/^\d+\. /, ''))}</li>`)
          .join('')}</ol>`;
  return [
    ...intro.map(p),
    p(`When: ${mailWhen(facts)}`),
    p(`${positions.length === 1 ? 'Your position' : 'Your positions'}: ${listOfNames(positions)}`),
    songs,
    links
      ? `<p>Can you make it? ${a(links.acceptUrl, 'Accept')} or ${a(links.declineUrl, 'Decline')}` +
        ' (the link works once, until the day after the service).</p>'
      : '',
    ...outro.map(p),
    `<p>${a(dashboardUrl, 'Open your dashboard')}</p>`,
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
): Mail {
  const day = mailDay(facts.date);
  const what = listOfNames(facts.positions);
  const intro = [
    `${facts.by || 'Someone'} assigned you to ${what} in "${facts.setlistName}" on ${day} ` +
      `(team ${facts.teamName}).`,
  ];
  const outro = [
    'Please let them know whether you can make it: accept or decline on your Segue dashboard.',
  ];
  return {
    to,
    subject: `Please confirm: ${what} at ${facts.setlistName} on ${day}`,
    link: facts.dashboardUrl,
    text: [
      ...intro,
      '',
      ...serviceLines(facts, facts.positions),
      '',
      ...answerLines(facts.links),
      '',
      ...outro,
      '',
      `Open your dashboard: ${facts.dashboardUrl}`,
    ].join('\n'),
    html: serviceHtml(intro, facts, facts.positions, facts.links, outro, facts.dashboardUrl),
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
): Mail {
  const day = mailDay(facts.date);
  const when = facts.daysBefore === 1 ? 'tomorrow' : 'in 3 days';
  const intro = [
    `Reminder: you play ${listOfNames(facts.positions)} in "${facts.setlistName}" ${when}, ` +
      `on ${day} (team ${facts.teamName}).`,
  ];
  const outro = facts.links
    ? ['You have not answered yet.']
    : ['If you can no longer make it, decline on your Segue dashboard.'];
  return {
    to,
    subject: `Reminder: ${facts.setlistName} ${when} (${day})`,
    link: facts.dashboardUrl,
    text: [
      ...intro,
      '',
      ...serviceLines(facts, facts.positions),
      '',
      ...(facts.links ? [...answerLines(facts.links), ''] : []),
      ...outro,
      '',
      `Open your dashboard: ${facts.dashboardUrl}`,
    ].join('\n'),
    html: serviceHtml(intro, facts, facts.positions, facts.links, outro, facts.dashboardUrl),
    attachments: [facts.attachment],
  };
}

/** To the setlist's creator: someone declined their position. */
export function declinedMail(
  to: string,
  facts: SetlistFacts & { who: string; position: string; setlistUrl: string; reason?: string },
): Mail {
  const day = mailDay(facts.date);
  return mail(
    to,
    `${facts.who} declined ${facts.position} at ${facts.setlistName} on ${day}`,
    [
      `${facts.who} declined ${facts.position} in "${facts.setlistName}" on ${day} ` +
        `(team ${facts.teamName}).`,
      ...(facts.reason ? [`Their reason: ${facts.reason}`] : []),
      '',
      'You may want to assign someone else.',
    ],
    facts.setlistUrl,
    'Open the setlist',
  );
}

/** To the people assigned in a setlist whose day changed. */
export function dateChangedMail(
  to: string,
  facts: SetlistFacts & { previousDate: string; positions: string[]; dashboardUrl: string },
): Mail {
  const day = mailDay(facts.date);
  return mail(
    to,
    `${facts.setlistName} moved to ${day}`,
    [
      `"${facts.setlistName}" (team ${facts.teamName}) is now on ${day}, ` +
        `no longer on ${mailDay(facts.previousDate)}.`,
      facts.positions.length > 0
        ? `You are down for ${listOfNames(facts.positions)}.`
        : 'You lead songs in it.',
      '',
      'If you can no longer make it, decline on your Segue dashboard.',
    ],
    facts.dashboardUrl,
    'Open your dashboard',
  );
}
