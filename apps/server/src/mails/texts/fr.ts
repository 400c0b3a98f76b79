import type { MailTexts } from '../mail-texts.ts';

const reminderWhen = (daysBefore: 3 | 1) => (daysBefore === 1 ? 'demain' : 'dans 3 jours');

/**
 * French, as an "équipe de louange" writes ("liste de chants", "culte"), with the non-breaking
 * spaces French puts before : ? ! and inside « ».
 */
export const fr: MailTexts = {
  intl: 'fr',
  labelled: (label, value) => `${label}\u00a0: ${value}`,

  verification: {
    subject: 'Vérifiez votre adresse e-mail pour Segue',
    text: ({ link }) =>
      [
        'Bienvenue sur Segue\u00a0!',
        '',
        'Ouvrez ce lien pour vérifier votre adresse e-mail (il ne fonctionne qu’une fois, dans les 24\u00a0heures)\u00a0:',
        link,
        '',
        'Si vous n’avez pas créé de compte Segue, vous pouvez ignorer ce message.',
      ].join('\n'),
    html: ({ link }) =>
      `<p>Bienvenue sur Segue\u00a0!</p><p><a href="${link}">Vérifiez votre adresse e-mail</a> (le lien ne fonctionne qu’une fois, dans les 24\u00a0heures).</p><p>Si vous n’avez pas créé de compte Segue, vous pouvez ignorer ce message.</p>`,
  },
  emailChange: {
    subject: 'Confirmez votre nouvelle adresse e-mail pour Segue',
    text: ({ email, link }) =>
      `Ouvrez ce lien pour faire de ${email} l’adresse de votre compte Segue (il ne fonctionne qu’une fois, dans les 24\u00a0heures)\u00a0:\n${link}\n\nSi vous n’avez rien demandé, ignorez ce message.`,
  },
  emailChanging: {
    subject: 'L’adresse e-mail de votre compte Segue va changer',
    text: ({ email }) =>
      `Une personne connectée à votre compte Segue a demandé à remplacer son adresse e-mail par ${email}. Si ce n’était pas vous, changez votre mot de passe dès maintenant.`,
  },
  passwordReset: {
    subject: 'Réinitialisez votre mot de passe Segue',
    text: ({ link }) =>
      `Ouvrez ce lien pour choisir un nouveau mot de passe (il ne fonctionne qu’une fois, dans l’heure)\u00a0:\n${link}\n\nSi vous n’avez rien demandé, ignorez ce message.`,
  },
  invite: {
    anAdmin: 'Un administrateur',
    subject: ({ team }) => `Vous êtes invité à rejoindre ${team} sur Segue`,
    text: ({ who, team, until, link }) =>
      [
        `${who} vous invite à rejoindre l’équipe «\u00a0${team}\u00a0» sur Segue, où l’équipe de louange garde ses chants et ses listes de chants et les joue ensemble en direct.`,
        '',
        `Ouvrez ce lien pour la rejoindre. Il ne fonctionne qu’une fois, jusqu’au ${until}.`,
        link,
        '',
        'Si vous n’avez pas encore de compte Segue, vous pourrez en créer un en chemin.',
        'Si vous n’attendiez pas ce message, vous pouvez l’ignorer.',
      ].join('\n'),
    html: ({ who, team, until, link }) =>
      `<p>${who} vous invite à rejoindre l’équipe «\u00a0${team}\u00a0» sur Segue, ` +
      `où l’équipe de louange garde ses chants et ses listes de chants et les joue ensemble en direct.</p>` +
      `<p><a href="${link}">Rejoindre ${team}</a> (Il ne fonctionne qu’une fois, jusqu’au ${until}.)</p>` +
      `<p>Si vous n’avez pas encore de compte Segue, vous pourrez en créer un en chemin. ` +
      `Si vous n’attendiez pas ce message, vous pouvez l’ignorer.</p>`,
  },
  addedToTeam: {
    anAdmin: 'Un administrateur',
    subject: ({ team }) => `Vous avez été ajouté à ${team} sur Segue`,
    text: ({ who, team }) =>
      `${who} vous a ajouté à l’équipe «\u00a0${team}\u00a0» sur Segue\u00a0: vous voyez désormais ` +
      `ses chants et ses listes de chants et pouvez la suivre en direct.\n\n` +
      `Si vous ne vous y attendiez pas, ouvrez Segue, choisissez «\u00a0${team}\u00a0» sur votre ` +
      `tableau de bord et utilisez Quitter l’équipe. Personne d’autre n’a appris si cette ` +
      `adresse a un compte Segue.`,
  },
  service: {
    dayAt: ({ day, time }) => `${day} à ${time}`,
    dayWithoutTime: ({ day }) => `${day} (heure de début non fixée)`,
    when: 'Quand',
    positions: (count) => (count === 1 ? 'Votre poste' : 'Vos postes'),
    songs: 'Chants\u00a0:',
    noSongs: 'Aucun chant choisi pour l’instant.',
    song: ({ title, key }) => `${title}${key ? ` (tonalité ${key})` : ''}`,
    answerAsk: 'Serez-vous disponible\u00a0? Répondez en un clic\u00a0:',
    accept: 'Accepter',
    decline: 'Refuser',
    linkOnce: 'Le lien ne fonctionne qu’une fois, jusqu’au lendemain du culte.',
    answerHtml: ({ accept, decline }) =>
      `Serez-vous disponible\u00a0? ${accept} ou ${decline}` +
      ' (le lien ne fonctionne qu’une fois, jusqu’au lendemain du culte).',
    openDashboard: 'Ouvrir votre tableau de bord',
    notAnswered: 'Vous n’avez pas encore répondu.',
    declineIfCannot: 'Si vous n’êtes plus disponible, refusez sur votre tableau de bord Segue.',
  },
  assigned: {
    someone: 'Quelqu’un',
    subject: ({ what, setlist, day }) =>
      `Merci de confirmer\u00a0: ${what} pour ${setlist} le ${day}`,
    intro: ({ by, what, setlist, day, team }) =>
      `${by} vous a affecté à ${what} pour «\u00a0${setlist}\u00a0» le ${day} (équipe ${team}).`,
    outro:
      'Merci d’indiquer si vous serez disponible\u00a0: acceptez ou refusez sur votre tableau de bord Segue.',
  },
  reminder: {
    subject: ({ setlist, daysBefore, day }) =>
      `Rappel\u00a0: ${setlist} ${reminderWhen(daysBefore)} (${day})`,
    intro: ({ what, setlist, daysBefore, day, team }) =>
      `Rappel\u00a0: «\u00a0${setlist}\u00a0» a lieu ${reminderWhen(daysBefore)}, le ${day} ` +
      `(équipe ${team})\u00a0; vous y tenez ${what}.`,
  },
  declined: {
    subject: ({ who, position, setlist, day }) =>
      `${who} a refusé ${position} pour ${setlist} le ${day}`,
    line: ({ who, position, setlist, day, team }) =>
      `${who} a refusé ${position} pour «\u00a0${setlist}\u00a0» le ${day} (équipe ${team}).`,
    reason: 'Son motif',
    assignSomeoneElse: 'Vous voudrez peut-être affecter quelqu’un d’autre.',
    openSetlist: 'Ouvrir la liste de chants',
  },
  dateChanged: {
    subject: ({ setlist, day }) => `${setlist} est déplacé au ${day}`,
    line: ({ setlist, team, day, previous }) =>
      `«\u00a0${setlist}\u00a0» (équipe ${team}) a désormais lieu le ${day}, et non plus le ${previous}.`,
    positions: ({ what }) => `Vous y tenez ${what}.`,
    leadsSongs: 'Vous y conduisez des chants.',
  },
};
