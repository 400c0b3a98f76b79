import type { MailTexts } from '../mail-texts.ts';

const reminderWhen = (daysBefore: 3 | 1) => (daysBefore === 1 ? 'tomorrow' : 'in 3 days');

/** The source language: the mails word for word as Segue has always sent them. */
export const en: MailTexts = {
  intl: 'en-US',
  labelled: (label, value) => `${label}: ${value}`,

  verification: {
    subject: 'Verify your email for Segue',
    text: ({ link }) =>
      [
        'Welcome to Segue!',
        '',
        'Open this link to verify your email address (it works once, within 24 hours):',
        link,
        '',
        'If you did not create a Segue account, you can ignore this mail.',
      ].join('\n'),
    html: ({ link }) =>
      `<p>Welcome to Segue!</p><p><a href="${link}">Verify your email address</a> (the link works once, within 24 hours).</p><p>If you did not create a Segue account, you can ignore this mail.</p>`,
  },
  emailChange: {
    subject: 'Confirm your new email for Segue',
    text: ({ email, link }) =>
      `Open this link to make ${email} the address of your Segue account (it works once, within 24 hours):\n${link}\n\nIf you did not ask for this, ignore this mail.`,
  },
  emailChanging: {
    subject: 'Your Segue email address is being changed',
    text: ({ email }) =>
      `Someone signed in to your Segue account asked to change its email address to ${email}. If this was not you, change your password now.`,
  },
  passwordReset: {
    subject: 'Reset your Segue password',
    text: ({ link }) =>
      `Open this link to choose a new password (it works once, within an hour):\n${link}\n\nIf you did not ask for this, ignore this mail.`,
  },
  invite: {
    anAdmin: 'An admin',
    subject: ({ team }) => `You are invited to join ${team} on Segue`,
    text: ({ who, team, until, link }) =>
      [
        `${who} invited you to join the team "${team}" on Segue, where the team keeps its songs and setlists and plays them live together.`,
        '',
        `Open this link to join. It works once, until ${until}.`,
        link,
        '',
        'If you have no Segue account yet, you can create one on the way.',
        'If you did not expect this mail, you can ignore it.',
      ].join('\n'),
    html: ({ who, team, until, link }) =>
      `<p>${who} invited you to join the team “${team}” on Segue, ` +
      `where the team keeps its songs and setlists and plays them live together.</p>` +
      `<p><a href="${link}">Join ${team}</a> (It works once, until ${until}.)</p>` +
      `<p>If you have no Segue account yet, you can create one on the way. ` +
      `If you did not expect this mail, you can ignore it.</p>`,
  },
  addedToTeam: {
    anAdmin: 'An admin',
    subject: ({ team }) => `You were added to ${team} on Segue`,
    text: ({ who, team }) =>
      `${who} added you to the team "${team}" on Segue, so you now ` +
      `see its songs and setlists and can follow it live.\n\n` +
      `If you did not expect this, open Segue, choose "${team}" on your dashboard and ` +
      `use Leave Team. Nobody else was told whether this address has a Segue account.`,
  },
  service: {
    dayAt: ({ day, time }) => `${day} at ${time}`,
    dayWithoutTime: ({ day }) => `${day} (no start time set)`,
    when: 'When',
    positions: (count) => (count === 1 ? 'Your position' : 'Your positions'),
    songs: 'Songs:',
    noSongs: 'No songs chosen yet.',
    song: ({ title, key }) => `${title}${key ? ` (key ${key})` : ''}`,
    answerAsk: 'Can you make it? Answer with one tap:',
    accept: 'Accept',
    decline: 'Decline',
    linkOnce: 'The link works once, until the day after the service.',
    answerHtml: ({ accept, decline }) =>
      `Can you make it? ${accept} or ${decline}` +
      ' (the link works once, until the day after the service).',
    openDashboard: 'Open your dashboard',
    notAnswered: 'You have not answered yet.',
    declineIfCannot: 'If you can no longer make it, decline on your Segue dashboard.',
  },
  assigned: {
    someone: 'Someone',
    subject: ({ what, setlist, day }) => `Please confirm: ${what} at ${setlist} on ${day}`,
    intro: ({ by, what, setlist, day, team }) =>
      `${by} assigned you to ${what} in "${setlist}" on ${day} (team ${team}).`,
    outro:
      'Please let them know whether you can make it: accept or decline on your Segue dashboard.',
  },
  reminder: {
    subject: ({ setlist, daysBefore, day }) =>
      `Reminder: ${setlist} ${reminderWhen(daysBefore)} (${day})`,
    intro: ({ what, setlist, daysBefore, day, team }) =>
      `Reminder: you play ${what} in "${setlist}" ${reminderWhen(daysBefore)}, ` +
      `on ${day} (team ${team}).`,
  },
  declined: {
    subject: ({ who, position, setlist, day }) =>
      `${who} declined ${position} at ${setlist} on ${day}`,
    line: ({ who, position, setlist, day, team }) =>
      `${who} declined ${position} in "${setlist}" on ${day} (team ${team}).`,
    reason: 'Their reason',
    assignSomeoneElse: 'You may want to assign someone else.',
    openSetlist: 'Open the setlist',
  },
  dateChanged: {
    subject: ({ setlist, day }) => `${setlist} moved to ${day}`,
    line: ({ setlist, team, day, previous }) =>
      `"${setlist}" (team ${team}) is now on ${day}, no longer on ${previous}.`,
    positions: ({ what }) => `You are down for ${what}.`,
    leadsSongs: 'You lead songs in it.',
  },
};
