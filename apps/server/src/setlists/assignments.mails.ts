import { listOfNames } from '@segue/shared';
import type { Mail } from '../lib/mailer.ts';

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

/** To someone just assigned to positions of a setlist: what, when, where to answer. */
export function assignedMail(
  to: string,
  facts: SetlistFacts & { positions: string[]; by: string; dashboardUrl: string },
): Mail {
  const day = mailDay(facts.date);
  const what = listOfNames(facts.positions);
  return mail(
    to,
    `Please confirm: ${what} at ${facts.setlistName} on ${day}`,
    [
      `${facts.by || 'Someone'} assigned you to ${what} in "${facts.setlistName}" on ${day} ` +
        `(team ${facts.teamName}).`,
      '',
      'Please let them know whether you can make it: accept or decline on your Segue dashboard.',
    ],
    facts.dashboardUrl,
    'Open your dashboard',
  );
}

/** To the setlist's creator: someone declined their position. */
export function declinedMail(
  to: string,
  facts: SetlistFacts & { who: string; position: string; setlistUrl: string },
): Mail {
  const day = mailDay(facts.date);
  return mail(
    to,
    `${facts.who} declined ${facts.position} at ${facts.setlistName} on ${day}`,
    [
      `${facts.who} declined ${facts.position} in "${facts.setlistName}" on ${day} ` +
        `(team ${facts.teamName}).`,
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
