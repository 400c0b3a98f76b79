import type { MailTexts } from '../mail-texts.ts';

const reminderWhen = (daysBefore: 3 | 1) => (daysBefore === 1 ? 'morgen' : 'in 3 Tagen');

/** German, in the "du" a Lobpreisteam uses ("Setlist", "Gottesdienst", "eingeteilt"). */
export const de: MailTexts = {
  intl: 'de',
  labelled: (label, value) => `${label}: ${value}`,

  verification: {
    subject: 'Bestätige deine E-Mail-Adresse für Segue',
    text: ({ link }) =>
      [
        'Willkommen bei Segue!',
        '',
        'Öffne diesen Link, um deine E-Mail-Adresse zu bestätigen (er funktioniert einmal, innerhalb von 24 Stunden):',
        link,
        '',
        'Wenn du kein Segue-Konto angelegt hast, kannst du diese E-Mail ignorieren.',
      ].join('\n'),
    html: ({ link }) =>
      `<p>Willkommen bei Segue!</p><p><a href="${link}">Bestätige deine E-Mail-Adresse</a> (der Link funktioniert einmal, innerhalb von 24 Stunden).</p><p>Wenn du kein Segue-Konto angelegt hast, kannst du diese E-Mail ignorieren.</p>`,
  },
  emailChange: {
    subject: 'Bestätige deine neue E-Mail-Adresse für Segue',
    text: ({ email, link }) =>
      `Öffne diesen Link, um ${email} zur Adresse deines Segue-Kontos zu machen (er funktioniert einmal, innerhalb von 24 Stunden):\n${link}\n\nWenn du das nicht angefordert hast, ignoriere diese E-Mail.`,
  },
  emailChanging: {
    subject: 'Deine E-Mail-Adresse bei Segue wird geändert',
    text: ({ email }) =>
      `Jemand, der in deinem Segue-Konto angemeldet ist, möchte dessen E-Mail-Adresse in ${email} ändern. Wenn du das nicht warst, ändere jetzt dein Passwort.`,
  },
  passwordReset: {
    subject: 'Setze dein Segue-Passwort zurück',
    text: ({ link }) =>
      `Öffne diesen Link, um ein neues Passwort zu wählen (er funktioniert einmal, innerhalb einer Stunde):\n${link}\n\nWenn du das nicht angefordert hast, ignoriere diese E-Mail.`,
  },
  invite: {
    anAdmin: 'Ein Admin',
    subject: ({ team }) => `Einladung zu ${team} auf Segue`,
    text: ({ who, team, until, link }) =>
      [
        `${who} hat dich eingeladen, dem Team „${team}“ auf Segue beizutreten. Dort verwaltet das Lobpreisteam seine Songs und Setlists und spielt sie gemeinsam live.`,
        '',
        `Öffne diesen Link, um beizutreten. Er funktioniert einmal, bis zum ${until}.`,
        link,
        '',
        'Wenn du noch kein Segue-Konto hast, kannst du dabei eines anlegen.',
        'Wenn du diese E-Mail nicht erwartet hast, kannst du sie ignorieren.',
      ].join('\n'),
    html: ({ who, team, until, link }) =>
      `<p>${who} hat dich eingeladen, dem Team „${team}“ auf Segue beizutreten. ` +
      `Dort verwaltet das Lobpreisteam seine Songs und Setlists und spielt sie gemeinsam live.</p>` +
      `<p><a href="${link}">${team} beitreten</a> (Er funktioniert einmal, bis zum ${until}.)</p>` +
      `<p>Wenn du noch kein Segue-Konto hast, kannst du dabei eines anlegen. ` +
      `Wenn du diese E-Mail nicht erwartet hast, kannst du sie ignorieren.</p>`,
  },
  addedToTeam: {
    anAdmin: 'Ein Admin',
    subject: ({ team }) => `Du wurdest zu ${team} auf Segue hinzugefügt`,
    text: ({ who, team }) =>
      `${who} hat dich zum Team „${team}“ auf Segue hinzugefügt. Du siehst jetzt seine Songs ` +
      `und Setlists und kannst live mitverfolgen.\n\n` +
      `Wenn du das nicht erwartet hast, öffne Segue, wähle „${team}“ auf deinem Dashboard und ` +
      `tippe auf „Team verlassen“. Niemand sonst hat erfahren, ob diese Adresse ein Segue-Konto hat.`,
  },
  service: {
    dayAt: ({ day, time }) => `${day} um ${time} Uhr`,
    dayWithoutTime: ({ day }) => `${day} (keine Anfangszeit festgelegt)`,
    when: 'Wann',
    positions: (count) => (count === 1 ? 'Deine Position' : 'Deine Positionen'),
    songs: 'Songs:',
    noSongs: 'Noch keine Songs ausgewählt.',
    song: ({ title, key }) => `${title}${key ? ` (Tonart ${key})` : ''}`,
    answerAsk: 'Bist du dabei? Antworte mit einem Tipp:',
    accept: 'Zusagen',
    decline: 'Absagen',
    linkOnce: 'Der Link funktioniert einmal, bis zum Tag nach dem Gottesdienst.',
    answerHtml: ({ accept, decline }) =>
      `Bist du dabei? ${accept} oder ${decline}` +
      ' (der Link funktioniert einmal, bis zum Tag nach dem Gottesdienst).',
    openDashboard: 'Dashboard öffnen',
    notAnswered: 'Du hast noch nicht geantwortet.',
    declineIfCannot: 'Wenn du doch nicht kannst, sag auf deinem Segue-Dashboard ab.',
  },
  assigned: {
    someone: 'Jemand',
    subject: ({ what, setlist, day }) => `Bitte bestätigen: ${what} bei ${setlist} am ${day}`,
    intro: ({ by, what, setlist, day, team }) =>
      `${by} hat dich für ${what} in „${setlist}“ am ${day} eingeteilt (Team ${team}).`,
    outro: 'Bitte gib Bescheid, ob du dabei bist: Sag auf deinem Segue-Dashboard zu oder ab.',
  },
  reminder: {
    subject: ({ setlist, daysBefore, day }) =>
      `Erinnerung: ${setlist} ${reminderWhen(daysBefore)} (${day})`,
    intro: ({ what, setlist, daysBefore, day, team }) =>
      `Erinnerung: Du bist ${reminderWhen(daysBefore)}, am ${day}, für ${what} ` +
      `in „${setlist}“ eingeteilt (Team ${team}).`,
  },
  declined: {
    subject: ({ who, position, setlist, day }) =>
      `${who} hat ${position} bei ${setlist} am ${day} abgesagt`,
    line: ({ who, position, setlist, day, team }) =>
      `${who} hat ${position} in „${setlist}“ am ${day} abgesagt (Team ${team}).`,
    reason: 'Begründung',
    assignSomeoneElse: 'Vielleicht möchtest du jemand anderen einteilen.',
    openSetlist: 'Setlist öffnen',
  },
  dateChanged: {
    subject: ({ setlist, day }) => `${setlist} wurde auf ${day} verschoben`,
    line: ({ setlist, team, day, previous }) =>
      `„${setlist}“ (Team ${team}) ist jetzt am ${day}, nicht mehr am ${previous}.`,
    positions: ({ what }) => `Du bist für ${what} eingeteilt.`,
    leadsSongs: 'Du leitest darin Songs.',
  },
};
