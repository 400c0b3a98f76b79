import type { MailTexts } from '../mail-texts.ts';

const reminderWhen = (daysBefore: 3 | 1) => (daysBefore === 1 ? 'amanhã' : 'daqui a 3 dias');

/** Brazilian Portuguese, as a church's "ministério de louvor" says it ("repertório", "escala", "culto"). */
export const ptBR: MailTexts = {
  intl: 'pt-BR',
  labelled: (label, value) => `${label}: ${value}`,

  verification: {
    subject: 'Confirme seu e-mail no Segue',
    text: ({ link }) =>
      [
        'Boas-vindas ao Segue!',
        '',
        'Abra este link para confirmar seu endereço de e-mail (ele funciona uma vez, dentro de 24 horas):',
        link,
        '',
        'Se você não criou uma conta no Segue, pode ignorar este e-mail.',
      ].join('\n'),
    html: ({ link }) =>
      `<p>Boas-vindas ao Segue!</p><p><a href="${link}">Confirme seu endereço de e-mail</a> (o link funciona uma vez, dentro de 24 horas).</p><p>Se você não criou uma conta no Segue, pode ignorar este e-mail.</p>`,
  },
  emailChange: {
    subject: 'Confirme seu novo e-mail no Segue',
    text: ({ email, link }) =>
      `Abra este link para que ${email} passe a ser o endereço da sua conta no Segue (ele funciona uma vez, dentro de 24 horas):\n${link}\n\nSe você não pediu isso, ignore este e-mail.`,
  },
  emailChanging: {
    subject: 'O e-mail da sua conta no Segue está sendo alterado',
    text: ({ email }) =>
      `Alguém conectado à sua conta no Segue pediu para alterar o endereço de e-mail dela para ${email}. Se não foi você, altere sua senha agora.`,
  },
  passwordReset: {
    subject: 'Redefina sua senha do Segue',
    text: ({ link }) =>
      `Abra este link para escolher uma nova senha (ele funciona uma vez, dentro de uma hora):\n${link}\n\nSe você não pediu isso, ignore este e-mail.`,
  },
  invite: {
    anAdmin: 'Um administrador',
    subject: ({ team }) => `Você foi convidado para participar de ${team} no Segue`,
    text: ({ who, team, until, link }) =>
      [
        `${who} convidou você para participar do ministério "${team}" no Segue, onde o ministério de louvor guarda suas músicas e repertórios e toca tudo ao vivo, em conjunto.`,
        '',
        `Abra este link para participar. Ele funciona uma vez, até ${until}.`,
        link,
        '',
        'Se você ainda não tem uma conta no Segue, pode criar uma durante o processo.',
        'Se você não esperava este e-mail, pode ignorá-lo.',
      ].join('\n'),
    html: ({ who, team, until, link }) =>
      `<p>${who} convidou você para participar do ministério “${team}” no Segue, ` +
      `onde o ministério de louvor guarda suas músicas e repertórios e toca tudo ao vivo, em conjunto.</p>` +
      `<p><a href="${link}">Participar de ${team}</a> (Ele funciona uma vez, até ${until}.)</p>` +
      `<p>Se você ainda não tem uma conta no Segue, pode criar uma durante o processo. ` +
      `Se você não esperava este e-mail, pode ignorá-lo.</p>`,
  },
  addedToTeam: {
    anAdmin: 'Um administrador',
    subject: ({ team }) => `Você foi adicionado a ${team} no Segue`,
    text: ({ who, team }) =>
      `${who} adicionou você ao ministério "${team}" no Segue; agora você vê as músicas e ` +
      `os repertórios dele e pode acompanhá-lo ao vivo.\n\n` +
      `Se você não esperava isso, abra o Segue, escolha "${team}" no seu painel e use ` +
      `Sair do ministério. Ninguém mais foi informado se este endereço tem uma conta no Segue.`,
  },
  service: {
    dayAt: ({ day, time }) => `${day} às ${time}`,
    dayWithoutTime: ({ day }) => `${day} (sem horário de início definido)`,
    when: 'Quando',
    positions: (count) => (count === 1 ? 'Sua função' : 'Suas funções'),
    songs: 'Músicas:',
    noSongs: 'Nenhuma música escolhida ainda.',
    song: ({ title, key }) => `${title}${key ? ` (tom ${key})` : ''}`,
    answerAsk: 'Você pode participar? Responda com um toque:',
    accept: 'Aceitar',
    decline: 'Recusar',
    linkOnce: 'O link funciona uma vez, até o dia seguinte ao culto.',
    answerHtml: ({ accept, decline }) =>
      `Você pode participar? ${accept} ou ${decline}` +
      ' (o link funciona uma vez, até o dia seguinte ao culto).',
    openDashboard: 'Abrir seu painel',
    notAnswered: 'Você ainda não respondeu.',
    declineIfCannot: 'Se você não puder mais participar, recuse no seu painel do Segue.',
  },
  assigned: {
    someone: 'Alguém',
    subject: ({ what, setlist, day }) => `Confirme, por favor: ${what} em ${setlist} (${day})`,
    intro: ({ by, what, setlist, day, team }) =>
      `${by} escalou você para ${what} em "${setlist}" (${day}, ministério ${team}).`,
    outro: 'Diga se você pode participar: aceite ou recuse no seu painel do Segue.',
  },
  reminder: {
    subject: ({ setlist, daysBefore, day }) =>
      `Lembrete: ${setlist} ${reminderWhen(daysBefore)} (${day})`,
    intro: ({ what, setlist, daysBefore, day, team }) =>
      `Lembrete: você está escalado para ${what} em "${setlist}" ${reminderWhen(daysBefore)} ` +
      `(${day}, ministério ${team}).`,
  },
  declined: {
    subject: ({ who, position, setlist, day }) =>
      `${who} recusou ${position} em ${setlist} (${day})`,
    line: ({ who, position, setlist, day, team }) =>
      `${who} recusou ${position} em "${setlist}" (${day}, ministério ${team}).`,
    reason: 'Motivo',
    assignSomeoneElse: 'Talvez você queira escalar outra pessoa.',
    openSetlist: 'Abrir o repertório',
  },
  dateChanged: {
    subject: ({ setlist, day }) => `${setlist} mudou para ${day}`,
    line: ({ setlist, team, day, previous }) =>
      `"${setlist}" (ministério ${team}) mudou de data: agora é ${day}, e não mais ${previous}.`,
    positions: ({ what }) => `Você está escalado para ${what}.`,
    leadsSongs: 'Você conduz músicas nele.',
  },
};
