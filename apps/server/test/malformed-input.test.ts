import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './databases.ts';
import { createAccount, createTeam } from './factories.ts';
import { bearer, startTestApp, type TestApp } from './harness.ts';

/** No input a caller can send produces a 500: every API route, signed in, with hostile values. */
describe.each(backends)('malformed input on %s', (backend) => {
  let t: TestApp;
  let jwt: string;
  let teamId: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    const owner = await createAccount(t);
    jwt = owner.jwt;
    teamId = await createTeam(t, { owner, name: 'Fuzz Team' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const nasty = [
    null,
    [],
    'text',
    42,
    {
      name: '\u0000',
      description: '\u0000',
      email: 'a\u0000@b.c',
      userId: '\u0000',
      ids: ['\u0000'],
    },
    { name: { $gt: '' }, userId: ['x'], role: null, ids: 'x', newOwnerId: 7, email: [] },
    { name: 'x'.repeat(100_000), password: 'x'.repeat(10_000), secret: 'x'.repeat(10_000) },
    { ids: Array.from({ length: 10_000 }, (_, i) => String(i)) },
    {
      name: 'Plausible',
      date: 'next sunday',
      title: 'T',
      parts: [{ label: 'V', lines: 'x' }],
      songs: [{}],
    },
    {
      name: 'Plausible',
      date: '2030-13-45',
      songs: [{ song: '\u0000', leader: 5 }],
      positions: [{}],
    },
    JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}'),
  ];
  const idsInPath = [encodeURIComponent('\u0000'), 'x'.repeat(300), '%E0%A4%A', '..%2F..%2Fetc'];

  it('answers every route with a 4xx and an error message, never a 500', async () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(15);
    // Destructive calls last, so the others still meet a live team.
    const destructive = (r: { method: string; url: string }) =>
      r.method === 'DELETE' || r.url.endsWith('/leave') || r.url.endsWith('/transfer-ownership');
    const routes = [
      ...t.app.apiRoutes.filter((r) => !destructive(r)),
      ...t.app.apiRoutes.filter(destructive),
    ];
    for (const route of routes) {
      const paths = route.url.includes(':id')
        ? [route.url.replace(':id', teamId), ...idsInPath.map((id) => route.url.replace(':id', id))]
        : [route.url];
      for (const path of paths) {
        for (const body of nasty) {
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: `${path}${path.includes('search') ? '?q=%00' : ''}`,
            headers: { ...bearer(jwt), 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          const where = `${route.method} ${path} ${JSON.stringify(body)?.slice(0, 80)}`;
          expect(res.statusCode, `${where} -> ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(res.json().error, where).toEqual(expect.any(String));
        }
      }
    }
  }, 120_000);
});
