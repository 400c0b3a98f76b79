import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ASSIGNMENT_LINK_TEXTS, CALENDAR_FEED_TEXTS, SERVER_ERRORS } from '@segue/shared';
import { backends } from '../../test/databases.ts';
import {
  createAccount,
  createSong,
  createTeam,
  type FactoryAccount,
} from '../../test/factories.ts';
import { bearer, json, startTestApp, type TestApp } from '../../test/harness.ts';
import { readIcs } from '../../test/ics-reader.ts';
import type { Mail } from '../lib/mailer.ts';
import { reminderDue } from './assignment-reminders.service.ts';

interface Position {
  name: string;
  assignedTo: string | null;
  status?: string;
}

const APP = 'http://localhost:3000';

describe('reminderDue', () => {
  it('is the 3-day reminder 3 days ahead (or 2, catching up), the 1-day one the day before', () => {
    expect([5, 4, 3, 2, 1, 0, -1].map(reminderDue)).toEqual([
      null,
      null,
      '3d',
      '3d',
      '1d',
      null,
      null,
    ]);
  });
});

describe.each(backends)(
  'assignment mails, links, reminders and the calendar feed on %s',
  (backend) => {
    let t: TestApp;
    let planner: FactoryAccount;
    let bassist: FactoryAccount;
    let drummer: FactoryAccount;
    let singer: FactoryAccount;
    let outsider: FactoryAccount;
    let teamId: string;
    let otherTeamId: string;
    let harvestSong: string;
    let secondSong: string;

    const call = (
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      as: FactoryAccount | null,
      payload?: unknown,
      team: string | null = teamId,
    ) =>
      t.app.inject({
        method,
        url,
        headers: { ...(as ? bearer(as.jwt) : {}), ...(team ? { 'x-team-id': team } : {}) },
        ...(payload !== undefined ? { payload: payload as object } : {}),
      });

    const emailOf = (who: FactoryAccount) => who.person.email.toLowerCase();

    const mails = async (): Promise<Mail[]> => {
      await t.app.mailQueue.idle();
      return t.inbox.mails.splice(0);
    };
    const mailTo = (sent: Mail[], who: FactoryAccount) => {
      const found = sent.filter((m) => m.to === emailOf(who));
      expect(found, `mails to ${who.person.name}`).toHaveLength(1);
      return found[0]!;
    };

    const create = async (overrides: object = {}, team = teamId, by = planner) => {
      const res = await call(
        'POST',
        '/api/setlist',
        by,
        {
          name: 'Harvest Service',
          date: '2030-09-15',
          startTime: '10:30',
          notes: '',
          songs: [
            { song: harvestSong, leader: planner.userId, key: 'A' },
            { song: secondSong, leader: singer.userId },
          ],
          positions: [
            { name: 'Bass', assignedTo: bassist.userId },
            { name: 'Vocal', assignedTo: bassist.userId },
            { name: 'Drums', assignedTo: drummer.userId },
          ],
          teamId: team,
          ...overrides,
        },
        team,
      );
      expect(res.statusCode, res.body).toBe(201);
      return json<{ _id: string }>(res)._id;
    };

    const positionsOf = async (id: string): Promise<Position[]> =>
      json<{ positions: Position[] }>(await call('GET', `/api/setlist/${id}`, planner)).positions;

    /** The answer page's path of a mailed link, and the token in it. */
    const linksIn = (mail: Mail) => {
      const accept = /Accept: (\S+)/.exec(mail.text)?.[1];
      const decline = /Decline: (\S+)/.exec(mail.text)?.[1];
      expect(accept, mail.text).toBeDefined();
      const acceptUrl = new URL(accept!);
      const declineUrl = new URL(decline!);
      const token = acceptUrl.pathname.replace('/respond/', '');
      return { acceptUrl, declineUrl, token };
    };

    const preview = (token: string) =>
      t.app.inject({ method: 'GET', url: `/api/assignment-links/${token}` });
    const use = (token: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/assignment-links/${token}`, payload });

    beforeAll(async () => {
      t = await startTestApp(backend);
      [planner, bassist, drummer, singer, outsider] = await Promise.all(
        ['Paula', 'Bruno', 'Dana', 'Sina', 'Oskar'].map((n) =>
          createAccount(t, { name: `${n} Mails` }),
        ),
      ).then(
        (all) =>
          all as [FactoryAccount, FactoryAccount, FactoryAccount, FactoryAccount, FactoryAccount],
      );
      teamId = await createTeam(t, {
        owner: planner,
        name: 'Mail Team',
        members: [bassist, drummer, singer],
      });
      otherTeamId = await createTeam(t, { owner: outsider, name: 'Elsewhere', members: [bassist] });
      harvestSong = await createSong(t, { teamId, by: planner, title: 'Harvest Song', key: 'G' });
      secondSong = await createSong(t, { teamId, by: planner, title: 'Second Song', key: 'D' });
    });
    afterAll(async () => {
      await t?.close();
    });
    beforeEach(async () => {
      await mails();
    });

    it('mails the day, start time, positions, songs in their keys, both links and an .ics', async () => {
      const id = await create();
      const sent = await mails();
      const mail = mailTo(sent, bassist);
      expect(mail.subject).toBe(
        'Please confirm: Bass and Vocal at Harvest Service on Sunday, September 15, 2030',
      );
      expect(mail.text).toContain(
        'Paula Mails assigned you to Bass and Vocal in "Harvest Service"',
      );
      expect(mail.text).toContain('When: Sunday, September 15, 2030 at 10:30');
      expect(mail.text).toContain('Your positions: Bass and Vocal');
      // The entry's key for this service, else the song's own.
      expect(mail.text).toContain('Songs:\n1. Harvest Song (key A)\n2. Second Song (key D)');
      const { acceptUrl, declineUrl, token } = linksIn(mail);
      expect(acceptUrl.origin).toBe(APP);
      expect(acceptUrl.pathname).toMatch(/^\/respond\/[A-Za-z0-9_-]{43}$/);
      expect(acceptUrl.searchParams.get('answer')).toBe('accept');
      expect(declineUrl.pathname).toBe(acceptUrl.pathname);
      expect(declineUrl.searchParams.get('answer')).toBe('decline');
      expect(mail.html).toContain(`href="${acceptUrl.href.replace(/&/g, '&#38;')}"`);
      expect(mail.html).toContain('<li>Harvest Song (key A)</li>');
      // One link per mail: the drummer's is another.
      expect(linksIn(mailTo(sent, drummer)).token).not.toBe(token);
      // The planner assigned nobody to themselves, and got nothing.
      expect(sent.map((m) => m.to).sort()).toEqual([emailOf(bassist), emailOf(drummer)].sort());

      expect(mail.attachments).toHaveLength(1);
      const file = mail.attachments![0]!;
      expect(file.filename).toBe('Harvest Service.ics');
      expect(file.contentType).toContain('text/calendar');
      const calendar = readIcs(file.content);
      expect(calendar.get('METHOD')).toBe('PUBLISH');
      expect(calendar.children).toHaveLength(1);
      const event = calendar.children[0]!;
      expect(event.get('UID')).toBe(`setlist-${id}@localhost:3000`);
      expect(event.get('DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
      expect(event.get('DTSTART')).toBe('20300915T103000');
      // No entry has a duration: 90 minutes.
      expect(event.get('DTEND')).toBe('20300915T120000');
      expect(event.get('SUMMARY')).toBe('Mail Team: Harvest Service');
      expect(event.get('DESCRIPTION')).toContain('Your positions: Bass, Vocal');
      expect(event.get('DESCRIPTION')).toContain('1. Harvest Song (key A)');
    });

    it('makes an all-day event, and says so, when the setlist has no start time', async () => {
      await create({ startTime: null });
      const mail = mailTo(await mails(), drummer);
      expect(mail.text).toContain('When: Sunday, September 15, 2030 (no start time set)');
      const event = readIcs(mail.attachments![0]!.content).children[0]!;
      expect(event.get('DTSTART')).toBe('20300915');
      expect(event.param('DTSTART', 'VALUE')).toBe('DATE');
      expect(event.get('DTEND')).toBe('20300916');
    });

    it('shows the link’s page without changing anything, then accepts once', async () => {
      const id = await create();
      const { token } = linksIn(mailTo(await mails(), bassist));

      // Opened twice, as a mail scanner and then the person would: nothing changes.
      for (let i = 0; i < 2; i++) {
        const page = await preview(token);
        expect(page.statusCode, page.body).toBe(200);
        expect(json(page)).toEqual({
          setlistName: 'Harvest Service',
          date: '2030-09-15',
          startTime: '10:30',
          teamName: 'Mail Team',
          positions: ['Bass', 'Vocal'],
          status: 'valid',
        });
      }
      expect((await positionsOf(id)).map((p) => p.status)).toEqual([
        'pending',
        'pending',
        'pending',
      ]);

      const accepted = await use(token, { response: 'accepted' });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(json(accepted)).toEqual({
        response: 'accepted',
        setlistName: 'Harvest Service',
        positions: ['Bass', 'Vocal'],
      });
      // As the dashboard's Accept: the positions' status, seen by everyone.
      expect((await positionsOf(id)).map((p) => p.status)).toEqual([
        'accepted',
        'accepted',
        'pending',
      ]);
      const listed = await call(
        'GET',
        '/api/account/assignments?from=2030-09-15',
        bassist,
        null,
        null,
      );
      expect(
        json<{ setlistId: string; status: string }[]>(listed)
          .filter((a) => a.setlistId === id)
          .map((a) => a.status),
      ).toEqual(['accepted', 'accepted']);

      // Used: a second use, either answer, is refused and changes nothing.
      for (const response of ['declined', 'accepted']) {
        const again = await use(token, { response });
        expect(again.statusCode).toBe(410);
        expect(json(again).error).toBe(ASSIGNMENT_LINK_TEXTS.used);
      }
      expect((await positionsOf(id)).map((p) => p.status)).toEqual([
        'accepted',
        'accepted',
        'pending',
      ]);
      expect(json(await preview(token)).status).toBe('used');
      // Accepting tells nobody.
      expect(await mails()).toEqual([]);
    });

    it('declines with a reason, told to the setlist’s creator as the dashboard’s decline is', async () => {
      const id = await create();
      const { token } = linksIn(mailTo(await mails(), drummer));
      const declined = await use(token, {
        response: 'declined',
        reason: '  At my sister’s wedding ',
      });
      expect(declined.statusCode, declined.body).toBe(200);
      expect(json(declined)).toMatchObject({ response: 'declined', positions: ['Drums'] });
      expect((await positionsOf(id))[2]).toEqual({
        name: 'Drums',
        assignedTo: drummer.userId,
        status: 'declined',
      });
      const sent = await mails();
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        to: emailOf(planner),
        subject: 'Dana Mails declined Drums at Harvest Service on Sunday, September 15, 2030',
      });
      expect(sent[0]!.text).toContain('Their reason: At my sister’s wedding');
    });

    it('refuses a link after its service, and one it does not know', async () => {
      const id = await create({ date: '2020-03-01' });
      const { token } = linksIn(mailTo(await mails(), bassist));
      expect(json(await preview(token)).status).toBe('expired');
      const late = await use(token, { response: 'accepted' });
      expect(late.statusCode).toBe(410);
      expect(json(late).error).toBe(ASSIGNMENT_LINK_TEXTS.expired);
      expect((await positionsOf(id)).map((p) => p.status)).toEqual([
        'pending',
        'pending',
        'pending',
      ]);

      for (const unknown of ['x'.repeat(43), 'nope']) {
        const page = await preview(unknown);
        expect(page.statusCode).toBe(404);
        expect(json(page).error).toBe(ASSIGNMENT_LINK_TEXTS.notValid);
        const answer = await use(unknown, { response: 'accepted' });
        expect(answer.statusCode).toBe(404);
      }
    });

    it('refuses a malformed answer with a message, and leaves the link unused', async () => {
      await create();
      const { token } = linksIn(mailTo(await mails(), bassist));
      const noAnswer = await use(token, { response: 'maybe' });
      expect(noAnswer.statusCode).toBe(400);
      expect(json(noAnswer).error).toBe(ASSIGNMENT_LINK_TEXTS.responseRequired);
      const long = await use(token, { response: 'declined', reason: 'x'.repeat(501) });
      expect(long.statusCode).toBe(400);
      expect(json(long).error).toBe(ASSIGNMENT_LINK_TEXTS.reasonTooLong);
      expect(json(await preview(token)).status).toBe('valid');
    });

    it('answers nothing, and keeps the link, when its position went to someone else', async () => {
      const id = await create();
      const { token } = linksIn(mailTo(await mails(), drummer));
      const moved = await call('PUT', `/api/setlist/${id}`, planner, {
        name: 'Harvest Service',
        date: '2030-09-15',
        notes: '',
        songs: [{ song: harvestSong, leader: planner.userId }],
        positions: [
          { name: 'Bass', assignedTo: bassist.userId },
          { name: 'Vocal', assignedTo: bassist.userId },
          { name: 'Drums', assignedTo: singer.userId },
        ],
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const refused = await use(token, { response: 'declined' });
      expect(refused.statusCode).toBe(403);
      expect((await positionsOf(id))[2]?.status).toBe('pending');
      expect(json(await preview(token)).status).toBe('valid');
    });

    it('reminds 3 days and 1 day before, everyone who has not declined, each once', async () => {
      const day = '2031-03-10';
      const id = await create({
        date: day,
        name: 'Reminder Service',
        positions: [
          { name: 'Bass', assignedTo: bassist.userId },
          { name: 'Drums', assignedTo: drummer.userId },
          { name: 'Vocal', assignedTo: singer.userId },
          { name: 'Keys', assignedTo: null },
        ],
      });
      const asked = await mails();
      const answer = (index: number, who: FactoryAccount, response: string, name: string) =>
        call(
          'POST',
          `/api/setlist/${id}/positions/${index}/response`,
          who,
          { response, name },
          null,
        );
      expect((await answer(1, drummer, 'accepted', 'Drums')).statusCode).toBe(200);
      expect((await answer(2, singer, 'declined', 'Vocal')).statusCode).toBe(200);
      await mails();
      const sweep = async (at: string) => {
        const sent = await t.app.assignmentReminders.sweep(new Date(at));
        const got = await mails();
        expect(got).toHaveLength(sent);
        return got;
      };

      // Four days ahead: nothing yet.
      expect(await sweep('2031-03-06T09:00:00Z')).toEqual([]);
      const three = await sweep('2031-03-07T09:00:00Z');
      expect(three.map((m) => m.to).sort()).toEqual([emailOf(bassist), emailOf(drummer)].sort());
      const toBassist = mailTo(three, bassist);
      expect(toBassist.subject).toBe(
        'Reminder: Reminder Service in 3 days (Monday, March 10, 2031)',
      );
      expect(toBassist.text).toContain('When: Monday, March 10, 2031 at 10:30');
      expect(toBassist.text).toContain('Your position: Bass');
      expect(toBassist.text).toContain('1. Harvest Song (key A)');
      expect(toBassist.attachments?.[0]?.content).toContain('DTSTART:20310310T103000');
      // The bassist has not answered: a new one-tap link, which works.
      const { token } = linksIn(toBassist);
      expect(token).not.toBe(linksIn(mailTo(asked, bassist)).token);
      // The drummer accepted: no links, only the way to decline.
      const toDrummer = mailTo(three, drummer);
      expect(toDrummer.text).not.toContain('Accept:');
      expect(toDrummer.text).toContain('If you can no longer make it, decline');

      // Not twice: the same sweep again, another instance's, or the day after.
      expect(await sweep('2031-03-07T09:10:00Z')).toEqual([]);
      expect(await sweep('2031-03-08T09:00:00Z')).toEqual([]);

      const one = await sweep('2031-03-09T00:05:00Z');
      expect(one.map((m) => m.to).sort()).toEqual([emailOf(bassist), emailOf(drummer)].sort());
      expect(mailTo(one, drummer).subject).toBe(
        'Reminder: Reminder Service tomorrow (Monday, March 10, 2031)',
      );
      expect(await sweep('2031-03-09T23:55:00Z')).toEqual([]);
      // On the day itself, nothing more.
      expect(await sweep('2031-03-10T06:00:00Z')).toEqual([]);

      // The reminder's link answers as the request's would.
      expect((await use(token, { response: 'accepted' })).statusCode).toBe(200);
      expect((await positionsOf(id))[0]?.status).toBe('accepted');
    });

    it('reminds of a setlist moved to another day again, for its new day', async () => {
      const id = await create({ date: '2031-05-10', name: 'Moving Service' });
      await mails();
      expect(await t.app.assignmentReminders.sweep(new Date('2031-05-09T12:00:00Z'))).toBe(2);
      const moved = await call('PUT', `/api/setlist/${id}`, planner, {
        name: 'Moving Service',
        date: '2031-05-17',
        notes: '',
        songs: [{ song: harvestSong, leader: planner.userId }],
        positions: [
          { name: 'Bass', assignedTo: bassist.userId },
          { name: 'Vocal', assignedTo: bassist.userId },
          { name: 'Drums', assignedTo: drummer.userId },
        ],
      });
      expect(moved.statusCode, moved.body).toBe(200);
      await mails();
      expect(await t.app.assignmentReminders.sweep(new Date('2031-05-16T12:00:00Z'))).toBe(2);
      await mails();
    });

    it('forgets links a month after their service', async () => {
      await create({ date: '2033-06-01', name: 'Old Service' });
      const { token } = linksIn(mailTo(await mails(), bassist));
      // 29 days after: kept (the preview reads today's clock, so it says the link still works).
      await t.app.assignmentReminders.sweep(new Date('2033-06-30T12:00:00Z'));
      expect((await preview(token)).statusCode).toBe(200);
      await t.app.assignmentReminders.sweep(new Date('2033-07-02T12:00:00Z'));
      expect((await preview(token)).statusCode).toBe(404);
      await mails();
    });

    describe('the calendar feed', () => {
      const feedPath = (url: string) => new URL(url).pathname;
      const readFeed = (path: string) => t.app.inject({ method: 'GET', url: path });

      it('lists the services a person plays in or leads songs in, and no one else’s', async () => {
        const status = await call('GET', '/api/account/calendar-feed', singer, undefined, null);
        expect(status.statusCode, status.body).toBe(200);
        expect(json(status)).toEqual({ active: false, createdAt: null });

        const made = await call('POST', '/api/account/calendar-feed', singer, undefined, null);
        expect(made.statusCode, made.body).toBe(201);
        const { url, webcalUrl } = json<{ url: string; webcalUrl: string }>(made);
        expect(url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
        expect(webcalUrl).toBe(url.replace('http://', 'webcal://'));
        expect(
          json(await call('GET', '/api/account/calendar-feed', singer, undefined, null)),
        ).toMatchObject({ active: true });

        // The singer leads a song here, holds a position there, and neither in the third.
        const leads = await create({ date: '2032-01-04', name: 'Singer Leads', positions: [] });
        const plays = await create({
          date: '2032-01-11',
          name: 'Singer Plays',
          startTime: null,
          songs: [{ song: harvestSong, leader: planner.userId }],
          positions: [{ name: 'Vocal', assignedTo: singer.userId }],
        });
        const neither = await create({
          date: '2032-01-18',
          name: 'Without Singer',
          songs: [{ song: harvestSong, leader: planner.userId }],
        });
        // Another team's service, of someone the singer shares no team with.
        await create(
          {
            date: '2032-01-04',
            name: 'Elsewhere Service',
            songs: [],
            positions: [{ name: 'Bass', assignedTo: bassist.userId }],
          },
          otherTeamId,
          outsider,
        );
        await mails();

        const feed = await readFeed(feedPath(url));
        expect(feed.statusCode, feed.body).toBe(200);
        expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
        const events = readIcs(feed.body).children;
        const byUid = new Map(events.map((e) => [e.get('UID'), e]));
        expect(byUid.has(`setlist-${leads}@localhost:3000`)).toBe(true);
        expect(byUid.has(`setlist-${plays}@localhost:3000`)).toBe(true);
        expect(byUid.has(`setlist-${neither}@localhost:3000`)).toBe(false);
        expect(events.map((e) => e.get('SUMMARY'))).not.toContain('Elsewhere: Elsewhere Service');
        expect(byUid.get(`setlist-${leads}@localhost:3000`)?.get('DESCRIPTION')).toContain(
          'You lead: Second Song',
        );
        const played = byUid.get(`setlist-${plays}@localhost:3000`)!;
        expect(played.get('DESCRIPTION')).toContain('Your positions: Vocal');
        expect(played.get('DTSTART')).toBe('20320111');
        expect(played.get('SUMMARY')).toBe('Mail Team: Singer Plays');

        // A position declined leaves the calendar.
        const declined = await call(
          'POST',
          `/api/setlist/${plays}/positions/0/response`,
          singer,
          { response: 'declined', name: 'Vocal' },
          null,
        );
        expect(declined.statusCode).toBe(200);
        const after = readIcs((await readFeed(feedPath(url))).body).children.map((e) =>
          e.get('UID'),
        );
        expect(after).not.toContain(`setlist-${plays}@localhost:3000`);
        await mails();
      });

      it('refuses a revoked address and an unknown one', async () => {
        const first = json<{ url: string }>(
          await call('POST', '/api/account/calendar-feed', drummer, undefined, null),
        );
        expect((await readFeed(feedPath(first.url))).statusCode).toBe(200);
        // Revoke: a new address, and the old one is dead at once.
        const second = json<{ url: string }>(
          await call('POST', '/api/account/calendar-feed', drummer, undefined, null),
        );
        expect(second.url).not.toBe(first.url);
        const old = await readFeed(feedPath(first.url));
        expect(old.statusCode).toBe(404);
        expect(json(old).error).toBe(CALENDAR_FEED_TEXTS.feedNotFound);
        expect((await readFeed(feedPath(second.url))).statusCode).toBe(200);
        for (const path of [
          `/api/calendar/${'a'.repeat(43)}.ics`,
          '/api/calendar/nothing',
          `/api/calendar/${feedPath(second.url).split('/').pop()!.replace('.ics', '')}`,
        ]) {
          expect((await readFeed(path)).statusCode, path).toBe(404);
        }
      });

      it('refuses the address’s calls to anyone not signed in or not verified', async () => {
        for (const method of ['GET', 'POST'] as const) {
          const anonymous = await call(method, '/api/account/calendar-feed', null, undefined, null);
          expect(anonymous.statusCode).toBe(401);
          expect(json(anonymous).error).toBe(SERVER_ERRORS.unauthorized);
        }
        const unverified = await createAccount(t, { verified: false });
        const refused = await call(
          'POST',
          '/api/account/calendar-feed',
          unverified,
          undefined,
          null,
        );
        expect(refused.statusCode).toBe(403);
      });
    });
  },
);
