import type { MailTexts } from '../mail-texts.ts';

const reminderWhen = (daysBefore: 3 | 1) => (daysBefore === 1 ? 'mañana' : 'en 3 días');

/** Spanish, in the words of a Latin American worship team ("equipo de alabanza", "lista de canciones"). */
export const es: MailTexts = {
  intl: 'es',
  labelled: (label, value) => `${label}: ${value}`,

  verification: {
    subject: 'Verifica tu correo electrónico para Segue',
    text: ({ link }) =>
      [
        '¡Te damos la bienvenida a Segue!',
        '',
        'Abre este enlace para verificar tu dirección de correo electrónico (funciona una sola vez, dentro de las próximas 24 horas):',
        link,
        '',
        'Si no creaste una cuenta de Segue, puedes ignorar este correo.',
      ].join('\n'),
    html: ({ link }) =>
      `<p>¡Te damos la bienvenida a Segue!</p><p><a href="${link}">Verifica tu dirección de correo electrónico</a> (el enlace funciona una sola vez, dentro de las próximas 24 horas).</p><p>Si no creaste una cuenta de Segue, puedes ignorar este correo.</p>`,
  },
  emailChange: {
    subject: 'Confirma tu nuevo correo electrónico para Segue',
    text: ({ email, link }) =>
      `Abre este enlace para que ${email} sea la dirección de tu cuenta de Segue (funciona una sola vez, dentro de las próximas 24 horas):\n${link}\n\nSi no lo pediste, ignora este correo.`,
  },
  emailChanging: {
    subject: 'Se está cambiando la dirección de correo de tu cuenta de Segue',
    text: ({ email }) =>
      `Alguien con la sesión iniciada en tu cuenta de Segue pidió cambiar su dirección de correo electrónico a ${email}. Si no fuiste tú, cambia tu contraseña ahora.`,
  },
  passwordReset: {
    subject: 'Restablece tu contraseña de Segue',
    text: ({ link }) =>
      `Abre este enlace para elegir una nueva contraseña (funciona una sola vez, dentro de la próxima hora):\n${link}\n\nSi no lo pediste, ignora este correo.`,
  },
  invite: {
    anAdmin: 'Un administrador',
    subject: ({ team }) => `Te invitaron a unirte a ${team} en Segue`,
    text: ({ who, team, until, link }) =>
      [
        `${who} te invitó a unirte al equipo "${team}" en Segue, donde el equipo de alabanza guarda sus canciones y listas de canciones y las toca en vivo, todos juntos.`,
        '',
        `Abre este enlace para unirte. Funciona una sola vez, hasta el ${until}.`,
        link,
        '',
        'Si todavía no tienes una cuenta de Segue, puedes crearla en el camino.',
        'Si no esperabas este correo, puedes ignorarlo.',
      ].join('\n'),
    html: ({ who, team, until, link }) =>
      `<p>${who} te invitó a unirte al equipo “${team}” en Segue, ` +
      `donde el equipo de alabanza guarda sus canciones y listas de canciones y las toca en vivo, todos juntos.</p>` +
      `<p><a href="${link}">Unirte a ${team}</a> (Funciona una sola vez, hasta el ${until}.)</p>` +
      `<p>Si todavía no tienes una cuenta de Segue, puedes crearla en el camino. ` +
      `Si no esperabas este correo, puedes ignorarlo.</p>`,
  },
  addedToTeam: {
    anAdmin: 'Un administrador',
    subject: ({ team }) => `Te agregaron a ${team} en Segue`,
    text: ({ who, team }) =>
      `${who} te agregó al equipo "${team}" en Segue, así que ahora ves sus canciones y ` +
      `listas de canciones y puedes seguirlo en vivo.\n\n` +
      `Si no lo esperabas, abre Segue, elige "${team}" en tu panel y usa Salir del equipo. ` +
      `A nadie más se le dijo si esta dirección tiene una cuenta de Segue.`,
  },
  service: {
    dayAt: ({ day, time }) => `${day} a las ${time}`,
    dayWithoutTime: ({ day }) => `${day} (sin hora de inicio)`,
    when: 'Cuándo',
    positions: (count) => (count === 1 ? 'Tu puesto' : 'Tus puestos'),
    songs: 'Canciones:',
    noSongs: 'Todavía no se eligieron canciones.',
    song: ({ title, key }) => `${title}${key ? ` (tono ${key})` : ''}`,
    answerAsk: '¿Puedes participar? Responde con un toque:',
    accept: 'Aceptar',
    decline: 'Rechazar',
    linkOnce: 'El enlace funciona una sola vez, hasta el día después del servicio.',
    answerHtml: ({ accept, decline }) =>
      `¿Puedes participar? ${accept} o ${decline}` +
      ' (el enlace funciona una sola vez, hasta el día después del servicio).',
    openDashboard: 'Abrir tu panel',
    notAnswered: 'Todavía no respondiste.',
    declineIfCannot: 'Si ya no puedes participar, recházalo en tu panel de Segue.',
  },
  assigned: {
    someone: 'Alguien',
    subject: ({ what, setlist, day }) => `Confirma, por favor: ${what} en ${setlist} el ${day}`,
    intro: ({ by, what, setlist, day, team }) =>
      `${by} te asignó a ${what} en "${setlist}" el ${day} (equipo ${team}).`,
    outro: 'Por favor, avisa si puedes participar: acepta o rechaza en tu panel de Segue.',
  },
  reminder: {
    subject: ({ setlist, daysBefore, day }) =>
      `Recordatorio: ${setlist} ${reminderWhen(daysBefore)} (${day})`,
    intro: ({ what, setlist, daysBefore, day, team }) =>
      `Recordatorio: participas como ${what} en "${setlist}" ${reminderWhen(daysBefore)}, ` +
      `el ${day} (equipo ${team}).`,
  },
  declined: {
    subject: ({ who, position, setlist, day }) =>
      `${who} rechazó ${position} en ${setlist} el ${day}`,
    line: ({ who, position, setlist, day, team }) =>
      `${who} rechazó ${position} en "${setlist}" el ${day} (equipo ${team}).`,
    reason: 'Su motivo',
    assignSomeoneElse: 'Quizás quieras asignar a otra persona.',
    openSetlist: 'Abrir la lista de canciones',
  },
  dateChanged: {
    subject: ({ setlist, day }) => `${setlist} cambió al ${day}`,
    line: ({ setlist, team, day, previous }) =>
      `"${setlist}" (equipo ${team}) ahora es el ${day}, ya no el ${previous}.`,
    positions: ({ what }) => `Estás asignado a ${what}.`,
    leadsSongs: 'Diriges canciones en ella.',
  },
};
