import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@segue/shared';
import { verificationMail } from '../accounts/verification-mail.ts';
import type { Mail } from '../lib/mailer.ts';
import {
  assignedMail,
  dateChangedMail,
  declinedMail,
  reminderMail,
} from '../setlists/assignments.mails.ts';
import type { ServiceFacts } from '../setlists/service-facts.ts';
import { emailChangeMail, emailChangingMail, passwordResetMail } from './account-mails.ts';
import {
  dayIn,
  incompleteLanguages,
  MAIL_TEXTS,
  missingMailTexts,
  momentInUtc,
  type MailTexts,
} from './mail-texts.ts';
import { addedToTeamMail, inviteMail } from './team-mails.ts';
import { en } from './texts/en.ts';

const LINK = 'https://segue.example/verify?userId=u1&secret=s1';
/** A name a person could give, which HTML must show as text. */
const NAME = 'Zoë <b>"Bold"</b> & Co';
const UNTIL = new Date('2030-03-12T09:30:00Z');
const facts: ServiceFacts = {
  setlistId: 's1',
  setlistName: `Harvest ${NAME}`,
  date: '2030-03-10',
  startTime: '10:30',
  teamName: `Team ${NAME}`,
  songs: [
    { title: 'Amazing Grace', key: 'G', leader: null },
    { title: `Song ${NAME}`, key: null, leader: null },
  ],
  lengthMinutes: null,
};
const attachment = { filename: 'a.ics', content: '', contentType: 'text/calendar' };
const links = {
  acceptUrl: 'https://segue.example/respond/t?answer=accept',
  declineUrl: 'https://segue.example/respond/t?answer=decline',
};

/** Every mail Segue sends, in one language. */
function everyMail(locale: Locale): Record<string, Mail> {
  return {
    verification: verificationMail('a@example.com', LINK, locale),
    emailChange: emailChangeMail('new@example.com', LINK, locale),
    emailChanging: emailChangingMail('old@example.com', 'new@example.com', locale),
    passwordReset: passwordResetMail('a@example.com', LINK, locale),
    invite: inviteMail(
      'a@example.com',
      { adminName: NAME, teamName: `Team ${NAME}`, link: LINK, until: UNTIL },
      locale,
    ),
    inviteUnnamed: inviteMail(
      'a@example.com',
      { adminName: '', teamName: 'Team', link: LINK, until: UNTIL },
      locale,
    ),
    added: addedToTeamMail('a@example.com', { adminName: NAME, teamName: `Team ${NAME}` }, locale),
    assigned: assignedMail(
      'a@example.com',
      {
        ...facts,
        positions: ['Bass', 'Vocal'],
        by: NAME,
        dashboardUrl: 'https://segue.example/dashboard',
        links,
        attachment,
      },
      locale,
    ),
    assignedByNobody: assignedMail(
      'a@example.com',
      {
        ...facts,
        startTime: null,
        songs: [],
        positions: ['Bass'],
        by: '',
        dashboardUrl: 'https://segue.example/dashboard',
        links,
        attachment,
      },
      locale,
    ),
    reminder3: reminderMail(
      'a@example.com',
      {
        ...facts,
        positions: ['Bass'],
        daysBefore: 3,
        dashboardUrl: 'https://segue.example/dashboard',
        links,
        attachment,
      },
      locale,
    ),
    reminder1: reminderMail(
      'a@example.com',
      {
        ...facts,
        positions: ['Bass', 'Keys', 'Vocal'],
        daysBefore: 1,
        dashboardUrl: 'https://segue.example/dashboard',
        links: null,
        attachment,
      },
      locale,
    ),
    declined: declinedMail(
      'a@example.com',
      {
        setlistName: facts.setlistName,
        date: facts.date,
        teamName: facts.teamName,
        who: NAME,
        position: 'Bass',
        reason: `Away ${NAME}`,
        setlistUrl: 'https://segue.example/setlists/view/s1',
      },
      locale,
    ),
    dateChanged: dateChangedMail(
      'a@example.com',
      {
        setlistName: facts.setlistName,
        date: facts.date,
        teamName: facts.teamName,
        previousDate: '2030-03-03',
        positions: [],
        dashboardUrl: 'https://segue.example/dashboard',
      },
      locale,
    ),
  };
}

describe('mail texts', () => {
  it('every language has every mail', () => {
    for (const locale of LOCALES) {
      expect(missingMailTexts(en, MAIL_TEXTS[locale]), locale).toEqual([]);
    }
    expect(incompleteLanguages()).toEqual([]);
  });

  it('a language missing a mail, a text or a function is caught', () => {
    const es = MAIL_TEXTS.es;
    const broken = {
      ...es,
      invite: { ...es.invite, html: undefined },
      reminder: 'Recordatorio',
      service: { ...es.service, noSongs: '' },
    } as unknown as MailTexts;
    const { passwordReset: _dropped, ...withoutReset } = es;
    expect(missingMailTexts(en, broken)).toEqual(['invite.html', 'service.noSongs', 'reminder']);
    expect(missingMailTexts(en, withoutReset)).toEqual(['passwordReset']);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s: every mail is written in it', (locale) => {
    const english = everyMail('en');
    for (const [kind, mail] of Object.entries(everyMail(locale))) {
      const other = english[kind]!;
      expect(mail.subject, kind).not.toBe(other.subject);
      expect(mail.text, kind).not.toBe(other.text);
      for (const words of [
        'Open your dashboard',
        'Your position',
        'When:',
        'If you',
        'Segue account',
      ])
        expect(mail.text, `${kind}: ${words}`).not.toContain(words);
      expect(mail.link, kind).toBe(other.link);
      expect(mail.attachments, kind).toEqual(other.attachments);
    }
  });

  it.each(LOCALES)('%s: names are shown as text in HTML, links kept whole', (locale) => {
    for (const [kind, mail] of Object.entries(everyMail(locale))) {
      const all = `${mail.subject}\n${mail.text}\n${mail.html ?? ''}`;
      expect(all, kind).not.toMatch(/undefined|null|\[object|NaN/);
      if (!mail.html) continue;
      expect(mail.html, kind).not.toContain('<b>');
      expect(mail.html, kind).not.toContain('"Bold"');
      if (mail.html.includes('Bold'))
        expect(mail.html, kind).toContain('&#60;b&#62;&#34;Bold&#34;');
      if (mail.link)
        expect(mail.html, kind).toContain(`href="${mail.link.replace(/&/g, '&#38;')}"`);
    }
  });

  it.each(LOCALES)('%s: days and moments are written by Intl for the language', (locale) => {
    const mails = everyMail(locale);
    const tag = MAIL_TEXTS[locale].intl;
    const day = new Intl.DateTimeFormat(tag, {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(new Date('2030-03-10T00:00:00Z'));
    expect(dayIn(locale, '2030-03-10')).toBe(day);
    expect(mails.assigned!.subject).toContain(day);
    expect(mails.assigned!.text).toContain('10:30');
    expect(mails.dateChanged!.text).toContain(dayIn(locale, '2030-03-03'));
    expect(mails.invite!.text).toContain(momentInUtc(locale, UNTIL));
    // The day of the setlist, whatever the server's time zone: UTC midnight, never the day before.
    expect(day).toMatch(/10/);
  });

  it('writes the days in each language', () => {
    expect(dayIn('en', '2030-03-10')).toBe('Sunday, March 10, 2030');
    expect(dayIn('es', '2030-03-10')).toBe('domingo, 10 de marzo de 2030');
    expect(dayIn('pt-BR', '2030-03-10')).toBe('domingo, 10 de março de 2030');
    expect(dayIn('de', '2030-03-10')).toBe('Sonntag, 10. März 2030');
    expect(dayIn('fr', '2030-03-10')).toBe('dimanche 10 mars 2030');
    expect(dayIn('ko', '2030-03-10')).toBe('2030년 3월 10일 일요일');
    expect(momentInUtc('en', UNTIL)).toBe('12 March 2030 at 09:30 UTC');
  });

  it('English mails read word for word as they always have', () => {
    const mails = everyMail('en');
    expect(mails.verification).toEqual({
      to: 'a@example.com',
      subject: 'Verify your email for Segue',
      link: LINK,
      text: `Welcome to Segue!\n\nOpen this link to verify your email address (it works once, within 24 hours):\n${LINK}\n\nIf you did not create a Segue account, you can ignore this mail.`,
      html: `<p>Welcome to Segue!</p><p><a href="https://segue.example/verify?userId=u1&#38;secret=s1">Verify your email address</a> (the link works once, within 24 hours).</p><p>If you did not create a Segue account, you can ignore this mail.</p>`,
    });
    expect(mails.passwordReset!.text).toBe(
      `Open this link to choose a new password (it works once, within an hour):\n${LINK}\n\nIf you did not ask for this, ignore this mail.`,
    );
    expect(mails.inviteUnnamed!.html).toBe(
      '<p>An admin invited you to join the team “Team” on Segue, where the team keeps its songs and setlists and plays them live together.</p>' +
        '<p><a href="https://segue.example/verify?userId=u1&#38;secret=s1">Join Team</a> (It works once, until 12 March 2030 at 09:30 UTC.)</p>' +
        '<p>If you have no Segue account yet, you can create one on the way. If you did not expect this mail, you can ignore it.</p>',
    );
    expect(mails.reminder1!.subject).toBe(
      `Reminder: Harvest ${NAME} tomorrow (Sunday, March 10, 2030)`,
    );
    expect(mails.assignedByNobody!.text).toContain('Someone assigned you to Bass in');
    expect(mails.assignedByNobody!.text).toContain(
      'When: Sunday, March 10, 2030 (no start time set)\nYour position: Bass\nSongs:\nNo songs chosen yet.',
    );
    expect(mails.reminder1!.text).toContain('Your positions: Bass, Keys and Vocal');
  });

  it('lists, plurals and words of the other languages', () => {
    const es = everyMail('es');
    expect(es.verification!.subject).toBe('Verifica tu correo electrónico para Segue');
    expect(es.reminder1!.text).toContain('Tus puestos: Bass, Keys y Vocal');
    expect(es.reminder3!.text).toContain('Tu puesto: Bass');
    expect(es.assigned!.text).toContain('1. Amazing Grace (tono G)');
    expect(es.invite!.text).toContain('equipo de alabanza');
    expect(everyMail('pt-BR').declined!.text).toContain('Abrir o repertório');
    expect(everyMail('de').assigned!.text).toContain('Wann: Sonntag, 10. März 2030 um 10:30 Uhr');
    expect(everyMail('de').invite!.text).toContain('Lobpreisteam');
    const fr = everyMail('fr');
    expect(fr.assigned!.text).toContain('Quand\u00a0: dimanche 10 mars 2030 à 10:30');
    expect(fr.declined!.text).toContain('Ouvrir la liste de chants\u00a0: https://');
    const ko = everyMail('ko');
    expect(ko.invite!.text).toContain('찬양팀');
    expect(ko.inviteUnnamed!.text).toMatch(/^관리자가 회원님을/);
    expect(ko.assignedByNobody!.text).toMatch(/^누군가가 /);
    expect(ko.assigned!.text).toMatch(/^Zoë <b>"Bold"<\/b> & Co 님이 /);
    expect(ko.declined!.text).toContain('콘티 열기: https://');
  });
});
