import type { MailTexts } from '../mail-texts.ts';

const reminderWhen = (daysBefore: 3 | 1) => (daysBefore === 1 ? '내일' : '3일 후');

/**
 * Who did it, as a sentence's subject: a name with the honorific ("지민 님이"), or the generic
 * word the mail falls back to without a name ("관리자가", "누군가가").
 */
const subjectOf = (who: string, generic: string) => (who === generic ? `${who}가` : `${who} 님이`);

/** Korean, in the polite style a 찬양팀 writes in ("콘티", "예배", "배정"). */
export const ko: MailTexts = {
  intl: 'ko-KR',
  labelled: (label, value) => `${label}: ${value}`,

  verification: {
    subject: 'Segue 이메일 주소를 인증해 주세요',
    text: ({ link }) =>
      [
        'Segue에 오신 것을 환영합니다!',
        '',
        '이 링크를 열어 이메일 주소를 인증해 주세요(24시간 안에 한 번만 사용할 수 있습니다):',
        link,
        '',
        'Segue 계정을 만든 적이 없다면 이 메일은 무시하셔도 됩니다.',
      ].join('\n'),
    html: ({ link }) =>
      `<p>Segue에 오신 것을 환영합니다!</p><p><a href="${link}">이메일 주소 인증하기</a> (링크는 24시간 안에 한 번만 사용할 수 있습니다).</p><p>Segue 계정을 만든 적이 없다면 이 메일은 무시하셔도 됩니다.</p>`,
  },
  emailChange: {
    subject: 'Segue의 새 이메일 주소를 확인해 주세요',
    text: ({ email, link }) =>
      `이 링크를 열면 ${email} 주소가 Segue 계정의 이메일 주소가 됩니다(24시간 안에 한 번만 사용할 수 있습니다):\n${link}\n\n요청하지 않으셨다면 이 메일은 무시해 주세요.`,
  },
  emailChanging: {
    subject: 'Segue 이메일 주소 변경이 요청되었습니다',
    text: ({ email }) =>
      `Segue 계정에 로그인한 누군가가 이메일 주소를 ${email}(으)로 변경하도록 요청했습니다. 본인이 아니라면 지금 비밀번호를 변경해 주세요.`,
  },
  passwordReset: {
    subject: 'Segue 비밀번호를 재설정해 주세요',
    text: ({ link }) =>
      `이 링크를 열어 새 비밀번호를 정해 주세요(1시간 안에 한 번만 사용할 수 있습니다):\n${link}\n\n요청하지 않으셨다면 이 메일은 무시해 주세요.`,
  },
  invite: {
    anAdmin: '관리자',
    subject: ({ team }) => `Segue의 ${team} 팀에 초대되었습니다`,
    text: ({ who, team, until, link }) =>
      [
        `${subjectOf(who, '관리자')} 회원님을 Segue의 "${team}" 팀에 초대했습니다. Segue에서 찬양팀은 곡과 콘티를 관리하고 함께 라이브로 연주합니다.`,
        '',
        `이 링크를 열어 참여하세요. 한 번만 사용할 수 있으며 ${until}까지 유효합니다.`,
        link,
        '',
        'Segue 계정이 아직 없다면 참여하는 과정에서 만들 수 있습니다.',
        '예상하지 못한 메일이라면 무시하셔도 됩니다.',
      ].join('\n'),
    html: ({ who, team, until, link }) =>
      `<p>${subjectOf(who, '관리자')} 회원님을 Segue의 “${team}” 팀에 초대했습니다. ` +
      `Segue에서 찬양팀은 곡과 콘티를 관리하고 함께 라이브로 연주합니다.</p>` +
      `<p><a href="${link}">${team} 팀에 참여하기</a> (한 번만 사용할 수 있으며 ${until}까지 유효합니다.)</p>` +
      `<p>Segue 계정이 아직 없다면 참여하는 과정에서 만들 수 있습니다. ` +
      `예상하지 못한 메일이라면 무시하셔도 됩니다.</p>`,
  },
  addedToTeam: {
    anAdmin: '관리자',
    subject: ({ team }) => `Segue의 ${team} 팀에 추가되었습니다`,
    text: ({ who, team }) =>
      `${subjectOf(who, '관리자')} 회원님을 Segue의 "${team}" 팀에 추가했습니다. 이제 이 팀의 ` +
      `곡과 콘티를 보고 라이브를 따라갈 수 있습니다.\n\n` +
      `예상하지 못한 일이라면 Segue를 열고 대시보드에서 "${team}" 팀을 선택한 뒤 팀 나가기를 ` +
      `누르세요. 이 주소에 Segue 계정이 있는지는 다른 누구에게도 알리지 않았습니다.`,
  },
  service: {
    dayAt: ({ day, time }) => `${day} ${time}`,
    dayWithoutTime: ({ day }) => `${day} (시작 시간 미정)`,
    when: '일시',
    positions: () => '맡은 포지션',
    songs: '곡 목록:',
    noSongs: '아직 선택된 곡이 없습니다.',
    song: ({ title, key }) => `${title}${key ? ` (키 ${key})` : ''}`,
    answerAsk: '참석할 수 있나요? 한 번 눌러 답해 주세요:',
    accept: '수락',
    decline: '거절',
    linkOnce: '링크는 한 번만 사용할 수 있으며 예배 다음 날까지 유효합니다.',
    answerHtml: ({ accept, decline }) =>
      `참석할 수 있나요? ${accept} 또는 ${decline}` +
      ' (링크는 한 번만 사용할 수 있으며 예배 다음 날까지 유효합니다).',
    openDashboard: '대시보드 열기',
    notAnswered: '아직 답하지 않으셨습니다.',
    declineIfCannot: '참석할 수 없게 되면 Segue 대시보드에서 거절해 주세요.',
  },
  assigned: {
    someone: '누군가',
    subject: ({ what, setlist, day }) => `확인 요청: ${day} ${setlist} - ${what}`,
    intro: ({ by, what, setlist, day, team }) =>
      `${subjectOf(by, '누군가')} ${day} "${setlist}"(${team} 팀)에서 ` +
      `회원님을 ${what}(으)로 배정했습니다.`,
    outro: '참석 여부를 알려 주세요. Segue 대시보드에서 수락하거나 거절할 수 있습니다.',
  },
  reminder: {
    subject: ({ setlist, daysBefore, day }) =>
      `알림: ${reminderWhen(daysBefore)} ${setlist} (${day})`,
    intro: ({ what, setlist, daysBefore, day, team }) =>
      `알림: ${reminderWhen(daysBefore)}(${day}) "${setlist}"(${team} 팀)에서 ` +
      `${what}을(를) 맡으셨습니다.`,
  },
  declined: {
    subject: ({ who, position, setlist, day }) =>
      `${who} 님이 ${day} ${setlist}의 ${position}을(를) 거절했습니다`,
    line: ({ who, position, setlist, day, team }) =>
      `${who} 님이 ${day} "${setlist}"(${team} 팀)의 ${position}을(를) 거절했습니다.`,
    reason: '사유',
    assignSomeoneElse: '다른 사람을 배정하는 것이 좋겠습니다.',
    openSetlist: '콘티 열기',
  },
  dateChanged: {
    subject: ({ setlist, day }) => `${setlist} 일정이 ${day}(으)로 변경되었습니다`,
    line: ({ setlist, team, day, previous }) =>
      `"${setlist}"(${team} 팀) 일정이 ${previous}에서 ${day}(으)로 변경되었습니다.`,
    positions: ({ what }) => `회원님은 ${what}을(를) 맡고 있습니다.`,
    leadsSongs: '회원님이 인도하는 곡이 있습니다.',
  },
};
