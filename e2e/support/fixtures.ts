import {
  test as base,
  expect,
  type APIRequestContext,
  type APIResponse,
  type Page,
} from '@playwright/test';
import { waitForVerificationLink } from './mailbox.ts';

let sequence = 0;

/**
 * Each test's browser comes from an address of its own (TEST-NET-3, passed as
 * X-Forwarded-For to a server started with TRUST_PROXY), as real users would,
 * so per-address limits on registration and login do not couple tests.
 */
function testAddress(workerIndex: number) {
  sequence += 1;
  return `203.0.${113 + (workerIndex % 10)}.${(sequence % 250) + 1}`;
}

export interface Person {
  name: string;
  phone: string;
  email: string;
  password: string;
}

export function newPerson(first = 'Ada'): Person {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return {
    name: `${first} Tester`,
    phone: '+1 555 0100',
    email: `${first.toLowerCase()}-${id}@example.com`,
    password: 'a-long-enough-password',
  };
}

/**
 * The session token each person's registration answered with, for setup calls through the API:
 * a login checks the password, and a password hash is about a tenth of a second of the server's
 * CPU, which a suite of hundreds of people spent again on every setup call.
 */
const setupTokens = new WeakMap<Person, string>();

/** Registers through the API and follows the mailed link: a ready, verified account. */
export async function createVerifiedPerson(
  request: APIRequestContext,
  first = 'Ada',
): Promise<Person> {
  const person = newPerson(first);
  const registered = await request.post('/api/account', { data: person });
  expect(registered.status()).toBe(201);
  setupTokens.set(person, ((await registered.json()) as { jwt: string }).jwt);
  const link = new URL(await waitForVerificationLink(person.email));
  const verified = await request.put('/api/account/verification', {
    data: { userId: link.searchParams.get('userId'), secret: link.searchParams.get('secret') },
  });
  expect(verified.status()).toBe(200);
  return person;
}

/**
 * Logs in through the Login screen, as a person would: for tests of the login itself and of what
 * it leaves in the browser. Other tests use `signIn`.
 */
export async function logIn(page: Page, person: Person) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Signs a person in on the page's browser without the Login screen, for tests about something
 * else. The API call is the Login form's own, made from the page's context, so its answer sets
 * the session cookie there; the first page opened then takes its token from that cookie, as a
 * new tab of a signed-in browser does. Navigates nowhere: the caller opens the page under test.
 */
export async function signIn(page: Page, person: Person) {
  const res = await page.context().request.post('/api/account/sessions/email', {
    data: { email: person.email, password: person.password },
  });
  expect(res.status(), await res.text()).toBe(201);
}

export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter's pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    await use({ 'x-forwarded-for': testAddress(testInfo.workerIndex) });
  },
});

export { expect };

/**
 * Headers for direct calls as `person` (setup only, never the thing under test): the session
 * their registration opened, or else one logged in through the API, kept for the next call.
 */
export async function apiSession(request: APIRequestContext, person: Person, teamId?: string) {
  let jwt = setupTokens.get(person);
  if (!jwt) {
    const res = await request.post('/api/account/sessions/email', {
      data: { email: person.email, password: person.password },
    });
    expect(res.status()).toBe(201);
    jwt = ((await res.json()) as { jwt: string }).jwt;
    setupTokens.set(person, jwt);
  }
  return {
    authorization: `Bearer ${jwt}`,
    ...(teamId ? { 'x-team-id': teamId } : {}),
  } as Record<string, string>;
}

/** The `_id` of what a POST created; fails the test unless it answered 201. */
export async function createdId(response: APIResponse): Promise<string> {
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { _id: string })._id;
}

/** A team owned by `owner`, with `members` added by e-mail; returns its id. */
export async function createTeamWith(
  request: APIRequestContext,
  owner: Person,
  name: string,
  members: Person[] = [],
): Promise<string> {
  const headers = await apiSession(request, owner);
  const team = await request.post('/api/teams', { data: { name, description: '' }, headers });
  expect(team.status()).toBe(201);
  const { _id } = (await team.json()) as { _id: string };
  for (const m of members) {
    const added = await request.post(`/api/teams/${_id}/add`, {
      data: { email: m.email },
      headers,
    });
    expect(added.status()).toBe(201);
  }
  return _id;
}

/**
 * An owner and a member of a team whose owner lets only admins edit and delete songs: the member
 * reads and plays, and may not change the library. `ownerApi` calls as the owner in that team.
 */
export async function teamWhereOnlyAdminsEditSongs(
  request: APIRequestContext,
  names: { owner: string; member: string; team: string },
) {
  const owner = await createVerifiedPerson(request, names.owner);
  const member = await createVerifiedPerson(request, names.member);
  const teamId = await createTeamWith(request, owner, names.team, [member]);
  const ownerApi = await apiSession(request, owner, teamId);
  const editors = await request.put(`/api/teams/${teamId}/editors`, {
    data: { songEditors: 'admins', setlistEditors: 'everyone' },
    headers: ownerApi,
  });
  expect(editors.status()).toBe(200);
  return { owner, member, teamId, ownerApi };
}
