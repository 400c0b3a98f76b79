import type { Locale } from '@segue/shared';
import type { Mail } from '../lib/mailer.ts';
import { escapeHtml, mailTexts, momentInUtc } from './mail-texts.ts';

/** The mail of an e-mail invitation: who invites, to which team, and the one-use link. */
export function inviteMail(
  to: string,
  facts: { adminName: string; teamName: string; link: string; until: Date },
  locale: Locale,
): Mail {
  const t = mailTexts(locale).invite;
  const who = facts.adminName || t.anAdmin;
  const until = momentInUtc(locale, facts.until);
  const plain = { who, team: facts.teamName, until, link: facts.link };
  return {
    to,
    subject: t.subject({ team: facts.teamName }),
    link: facts.link,
    text: t.text(plain),
    html: t.html({
      who: escapeHtml(who),
      team: escapeHtml(facts.teamName),
      until: escapeHtml(until),
      link: escapeHtml(facts.link),
    }),
  };
}

/** The mail to someone an admin added by e-mail: who did it, and how to leave. */
export function addedToTeamMail(
  to: string,
  facts: { adminName: string; teamName: string },
  locale: Locale,
): Mail {
  const t = mailTexts(locale).addedToTeam;
  return {
    to,
    subject: t.subject({ team: facts.teamName }),
    text: t.text({ who: facts.adminName || t.anAdmin, team: facts.teamName }),
  };
}
