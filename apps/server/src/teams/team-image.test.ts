import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ERRORS, TEAM_IMAGE, TEAM_IMAGE_TEXTS } from '@segue/shared';
import { backends } from '../../test/databases.ts';
import { createAccount, createTeam, type FactoryAccount } from '../../test/factories.ts';
import { bearer, startTestApp, type TestApp } from '../../test/harness.ts';

type Who = 'owner' | 'admin' | 'member' | 'outsider';

/** The smallest PNG there is: one transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(40, 2),
]);

describe.each(backends)('a team’s image (the projector’s logo) on %s', (backend) => {
  let t: TestApp;
  let teamId: string;
  const people = {} as Record<Who, FactoryAccount>;

  beforeAll(async () => {
    t = await startTestApp(backend);
    for (const who of ['owner', 'admin', 'member', 'outsider'] as const) {
      people[who] = await createAccount(t, { name: `${who} Person` });
    }
    teamId = await createTeam(t, {
      owner: people.owner,
      name: 'Logo Team',
      admins: [people.admin],
      members: [people.member],
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const put = (as: Who, bytes: Buffer, contentType = 'application/octet-stream') =>
    t.app.inject({
      method: 'PUT',
      url: `/api/teams/${teamId}/image`,
      headers: { ...bearer(people[as].jwt), 'content-type': contentType },
      payload: bytes,
    });
  const get = (as: Who) =>
    t.app.inject({
      method: 'GET',
      url: `/api/teams/${teamId}/image`,
      headers: bearer(people[as].jwt),
    });
  const remove = (as: Who) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/teams/${teamId}/image`,
      headers: bearer(people[as].jwt),
    });

  it('answers 404 with its own words while the team has none', async () => {
    const res = await get('member');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: TEAM_IMAGE_TEXTS.none });
  });

  it('lets an admin upload a PNG, which every member then reads as it was sent', async () => {
    const res = await put('admin', PNG, 'image/png');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mediaType: 'image/png' });
    const read = await get('member');
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.headers['cache-control']).toBe('private, no-cache');
    expect(read.rawPayload.equals(PNG)).toBe(true);
  });

  it('knows JPEG and WebP by their bytes, whatever type the browser claims', async () => {
    expect((await put('owner', JPEG, 'image/png')).json()).toEqual({ mediaType: 'image/jpeg' });
    expect((await get('member')).headers['content-type']).toBe('image/jpeg');
    expect((await put('owner', WEBP, 'image/jpeg')).json()).toEqual({ mediaType: 'image/webp' });
    expect((await get('member')).headers['content-type']).toBe('image/webp');
  });

  it('refuses bytes that are not an image with a clear 400, and keeps the image before', async () => {
    await put('admin', PNG, 'image/png');
    for (const bytes of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      Buffer.from('GIF89a'),
      Buffer.alloc(0),
    ]) {
      const res = await put('admin', bytes, 'image/png');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: TEAM_IMAGE_TEXTS.wrongType });
    }
    const kept = await get('member');
    expect(kept.headers['content-type']).toBe('image/png');
    expect(kept.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses an image over the limit with a 4xx that says the limit', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(TEAM_IMAGE.maxBytes)]);
    const res = await put('admin', big, 'image/png');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ error: TEAM_IMAGE_TEXTS.tooLarge });
    expect((await get('member')).rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a member, who may only read it', async () => {
    for (const res of [await put('member', JPEG), await remove('member')]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: SERVER_ERRORS.adminRequired });
    }
    expect((await get('member')).headers['content-type']).toBe('image/png');
  });

  it('answers an outsider as for a team that does not exist, for every call', async () => {
    for (const res of [
      await get('outsider'),
      await put('outsider', JPEG),
      await remove('outsider'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: SERVER_ERRORS.teamNotFound });
    }
    expect((await get('member')).headers['content-type']).toBe('image/png');
  });

  it('lets an admin remove it', async () => {
    expect((await remove('admin')).statusCode).toBe(204);
    expect((await get('member')).statusCode).toBe(404);
  });
});
