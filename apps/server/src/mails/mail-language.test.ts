import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Locale } from '@segue/shared';
import { backends } from '../../test/databases.ts';
import {
  createAccount,
  createSong,
  createTeam,
  type FactoryAccount,
} from '../../test/factories.ts';
import {
  bearer,
  newPerson,
  startTestApp,
  uniqueAddress,
  type TestApp,
} from '../../test/harness.ts';
import { user } from '../db/schema.ts';
import type { Mail } from '../lib/mailer.ts';

/**
 * Mails in the recipient's language (docs/DECISIONS.md, "Mails in the recipient's language"):
 * an account's chosen language, else the request's when the mail is to the person asking,
 * else the sender's for an address someone else mails, else English.
 */
describe.each(backends)("mails in the recipient's language on %s", (backend) => {
  let t: TestApp;

  /** The mails sent since the last call, once every one has gone. */
  const mails = async (): Promise<Mail[]> => {
    await t.app.mailQueue.idle();
    return t.inbox.mails.splice(0);
  };
  const onlyMailTo = (sent: Mail[], to: string) => {
    const found = sent.filter((m) => m.to === to.toLowerCase());
    expect(found, `mails to ${to}: ${sent.map((m) => m.to).join(', ')}`).toHaveLength(1);
    return found[0]!;
  };

  /** Stores an account's language, as Account Settings does (before its first request). */
  const chooseLocale = (who: FactoryAccount, locale: Locale | null) =>
    t.database.db.update(user).set({ locale }).where(eq(user.id, who.userId));

  const call = (
    method: 'POST' | 'PATCH',
    url: string,
    options: { as?: FactoryAccount; language?: string; payload: object; team?: string },
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress: uniqueAddress(),
      headers: {
        ...(options.as ? bearer(options.as.jwt) : {}),
        ...(options.language ? { 'accept-language': options.language } : {}),
        ...(options.team ? { 'x-team-id': options.team } : {}),
      },
      payload: options.payload,
    });

  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await mails();
  });

  it('registering with Accept-Language: es sends the verification mail in Spanish', async () => {
    const person = newPerson();
    const res = await call('POST', '/api/account', { payload: person, language: 'es' });
    expect(res.statusCode, res.body).toBe(201);
    const mail = onlyMailTo(await mails(), person.email);
    expect(mail.subject).toBe('Verifica tu correo electrónico para Segue');
    expect(mail.text).toContain('¡Te damos la bienvenida a Segue!');
    expect(mail.text).toContain(mail.link);
    expect(mail.html).toContain('Verifica tu dirección de correo electrónico</a>');

    // No header, or a language Segue does not speak: English, as ever.
    for (const language of [undefined, 'ja-JP,ja;q=0.9']) {
      const other = newPerson();
      await call('POST', '/api/account', { payload: other, language });
      expect(onlyMailTo(await mails(), other.email).subject).toBe('Verify your email for Segue');
    }
  });

  it('a password reset asked with Accept-Language: fr-CA,fr;q=0.9 goes in French', async () => {
    const person = await createAccount(t);
    const res = await call('POST', '/api/account/recovery', {
      payload: { email: person.person.email },
      language: 'fr-CA,fr;q=0.9',
    });
    expect(res.statusCode, res.body).toBe(202);
    const mail = onlyMailTo(await mails(), person.person.email);
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Segue');
    expect(mail.text).toContain('Ouvrez ce lien pour choisir un nouveau mot de passe');
    expect(mail.text).toContain(mail.link);

    // The account's own language comes before the request's.
    const german = await createAccount(t);
    await chooseLocale(german, 'de');
    await call('POST', '/api/account/recovery', {
      payload: { email: german.person.email },
      language: 'fr-CA,fr;q=0.9',
    });
    expect(onlyMailTo(await mails(), german.person.email).subject).toBe(
      'Setze dein Segue-Passwort zurück',
    );
  });

  it("an e-mail change's two mails go in the language of the request that asked", async () => {
    const me = await createAccount(t);
    const to = `new-${me.userId}@example.com`;
    const res = await call('PATCH', '/api/account/email', {
      as: me,
      language: 'pt-PT,pt;q=0.8',
      payload: { email: to, password: me.person.password },
    });
    expect(res.statusCode, res.body).toBe(202);
    const sent = await mails();
    expect(onlyMailTo(sent, to).subject).toBe('Confirme seu novo e-mail no Segue');
    expect(onlyMailTo(sent, me.person.email).subject).toBe(
      'O e-mail da sua conta no Segue está sendo alterado',
    );
  });

  describe('mails someone else causes', () => {
    let admin: FactoryAccount;
    let plainAdmin: FactoryAccount;
    let german: FactoryAccount;
    let unchosen: FactoryAccount;
    let teamId: string;
    let songId: string;

    beforeAll(async () => {
      [admin, plainAdmin, german, unchosen] = await Promise.all(
        ['Ji-woo Admin', 'Plain Admin', 'Greta Bass', 'Una Keys'].map((name) =>
          createAccount(t, { name }),
        ),
      ).then((all) => all as [FactoryAccount, FactoryAccount, FactoryAccount, FactoryAccount]);
      await chooseLocale(admin, 'ko');
      await chooseLocale(german, 'de');
      teamId = await createTeam(t, {
        owner: admin,
        name: 'Gnade Team',
        admins: [plainAdmin],
        members: [german, unchosen],
      });
      songId = await createSong(t, { teamId, by: admin, title: 'Amazing Grace', key: 'G' });
    });

    it('an invitation from an admin whose language is ko goes to a new address in Korean', async () => {
      const to = `invited-${teamId}@example.com`;
      const res = await call('POST', `/api/teams/${teamId}/invites`, {
        as: admin,
        // The admin's own choice comes before the browser's.
        language: 'en-US,en;q=0.9',
        payload: { kind: 'email', expiresInDays: 7, email: to },
        team: teamId,
      });
      expect(res.statusCode, res.body).toBe(201);
      const mail = onlyMailTo(await mails(), to);
      expect(mail.subject).toBe('Segue의 Gnade Team 팀에 초대되었습니다');
      expect(mail.text).toMatch(
        /^Ji-woo Admin 님이 회원님을 Segue의 "Gnade Team" 팀에 초대했습니다/,
      );
      expect(mail.text).toContain('UTC까지 유효합니다');
      expect(mail.html).toContain('Gnade Team 팀에 참여하기</a>');
    });

    it("an admin who chose no language invites in their request's; an account's own comes first", async () => {
      const to = `invited-pt-${teamId}@example.com`;
      await call('POST', `/api/teams/${teamId}/invites`, {
        as: plainAdmin,
        language: 'pt-BR',
        payload: { kind: 'email', expiresInDays: 7, email: to },
        team: teamId,
      });
      expect(onlyMailTo(await mails(), to).subject).toBe(
        'Você foi convidado para participar de Gnade Team no Segue',
      );

      const french = await createAccount(t);
      await chooseLocale(french, 'fr');
      await call('POST', `/api/teams/${teamId}/invites`, {
        as: admin,
        payload: { kind: 'email', expiresInDays: 7, email: french.person.email },
        team: teamId,
      });
      expect(onlyMailTo(await mails(), french.person.email).subject).toBe(
        'Vous êtes invité à rejoindre Gnade Team sur Segue',
      );
    });

    it('a person added by e-mail is told in their language, else the admin’s', async () => {
      const [spanish, none] = await Promise.all([createAccount(t), createAccount(t)]);
      await chooseLocale(spanish, 'es');
      for (const who of [spanish, none]) {
        const res = await call('POST', `/api/teams/${teamId}/add`, {
          as: admin,
          payload: { email: who.person.email },
          team: teamId,
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      const sent = await mails();
      expect(onlyMailTo(sent, spanish.person.email).subject).toBe(
        'Te agregaron a Gnade Team en Segue',
      );
      expect(onlyMailTo(sent, none.person.email).subject).toBe(
        'Segue의 Gnade Team 팀에 추가되었습니다',
      );
    });

    it('a person whose account language is de gets an assignment request and reminder in German', async () => {
      const res = await call('POST', '/api/setlist', {
        as: admin,
        // The planner's language is not the members': theirs, else English.
        language: 'ko',
        team: teamId,
        payload: {
          name: 'Erntedank',
          date: '2030-10-06',
          startTime: '10:30',
          notes: '',
          songs: [{ song: songId, leader: null, key: 'A' }],
          positions: [
            { name: 'Bass', assignedTo: german.userId },
            { name: 'Keys', assignedTo: unchosen.userId },
          ],
          teamId,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const sent = await mails();

      const mail = onlyMailTo(sent, german.person.email);
      expect(mail.subject).toBe('Bitte bestätigen: Bass bei Erntedank am Sonntag, 6. Oktober 2030');
      expect(mail.text).toContain(
        'Ji-woo Admin hat dich für Bass in „Erntedank“ am Sonntag, 6. Oktober 2030 eingeteilt (Team Gnade Team).',
      );
      expect(mail.text).toContain('Wann: Sonntag, 6. Oktober 2030 um 10:30 Uhr');
      expect(mail.text).toContain('Deine Position: Bass');
      expect(mail.text).toContain('1. Amazing Grace (Tonart A)');
      expect(mail.text).toMatch(/Zusagen: https?:\/\/\S+\/respond\/\S+answer=accept/);
      expect(mail.html).toContain('<li>Amazing Grace (Tonart A)</li>');
      expect(mail.attachments).toHaveLength(1);

      expect(onlyMailTo(sent, unchosen.person.email).subject).toBe(
        'Please confirm: Keys at Erntedank on Sunday, October 6, 2030',
      );

      // The reminder the day before, likewise.
      expect(await t.app.assignmentReminders.sweep(new Date('2030-10-05T09:00:00Z'))).toBe(2);
      const reminded = await mails();
      const reminder = onlyMailTo(reminded, german.person.email);
      expect(reminder.subject).toBe('Erinnerung: Erntedank morgen (Sonntag, 6. Oktober 2030)');
      expect(reminder.text).toContain(
        'Erinnerung: Du bist morgen, am Sonntag, 6. Oktober 2030, für Bass in „Erntedank“ eingeteilt',
      );
      expect(reminder.text).toContain('Du hast noch nicht geantwortet.');
      expect(onlyMailTo(reminded, unchosen.person.email).subject).toBe(
        'Reminder: Erntedank tomorrow (Sunday, October 6, 2030)',
      );
    });
  });
});
