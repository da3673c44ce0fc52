import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, bearer } from './helpers';

// Helpers of the user specs (B§2 Users, B§7 "Users and roles"): users added through the API, so each story works on
// users of its own and no other spec's user changes.

/** A run's own suffix: usernames and e-mail addresses stay unique when a database is reused. */
export const RUN = Date.now().toString(36).slice(-6);

let counter = 0;
/** A fresh username: a letter, then 7 to 19 letters or digits (B§5). */
export function uniqueUsername(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}${RUN}${counter}`.slice(0, 20);
}

export const usersSearch = (page: Page) => page.getByRole('search', { name: 'User search criteria' });
export const usersFound = (page: Page) => page.getByRole('table', { name: 'Users found' });
export const region = (page: Page, name: string) => page.getByRole('region', { name });

/** The caller's first program and that program's first agency (GET /account-api/account/programs, /agency). */
export async function placesOf(
  request: APIRequestContext,
  token: string,
): Promise<{ programUuid: string; programName: string; agencyUuid: string; agencyName: string }> {
  const programs = await request.get('/account-api/account/programs', { headers: bearer(token) });
  expect(programs.status(), await programs.text()).toBe(200);
  const program = ((await programs.json()) as { programUuid: string; programName: string }[])[0]!;
  const agencies = await request.get('/account-api/agency', {
    headers: bearer(token),
    params: { programUuid: program.programUuid },
  });
  expect(agencies.status(), await agencies.text()).toBe(200);
  const agency = ((await agencies.json()) as { agencyUuid: string; agencyName: string }[])[0]!;
  return { ...program, ...agency };
}

export interface NewUser {
  username: string;
  email: string;
  firstname: string;
  lastname: string;
  roleId: number;
  userStatusId?: number;
  programUuid?: string | null;
  agencyUuid?: string | null;
}

/** POST /user-api/user as `creator`; answers the new user's uuid. */
export async function addUser(request: APIRequestContext, creator: string, user: NewUser): Promise<string> {
  const token = await apiToken(request, creator);
  const answer = await request.post('/user-api/user', {
    headers: bearer(token),
    data: { mobile: '8605550100', userStatusId: 2, ...user },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { userUuid: string }).userUuid;
}

/** GET /user-api/user/{id} as `reader`. */
export async function readUser(
  request: APIRequestContext,
  reader: string,
  userUuid: string,
): Promise<{ userStatusId: number; firstname: string; roleId: number; emailVerified: string; email: string }> {
  const token = await apiToken(request, reader);
  const answer = await request.get(`/user-api/user/${userUuid}`, { headers: bearer(token) });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as {
    userStatusId: number;
    firstname: string;
    roleId: number;
    emailVerified: string;
    email: string;
  };
}

/** A user's uuid found by username (GET /user-api/users) as `reader`. */
export async function userUuidOf(request: APIRequestContext, reader: string, username: string): Promise<string> {
  const token = await apiToken(request, reader);
  const answer = await request.get('/user-api/users', { headers: bearer(token), params: { username } });
  expect(answer.status(), await answer.text()).toBe(200);
  const row = ((await answer.json()) as { data: { userUuid: string; username: string }[] }).data.find(
    (r) => r.username === username,
  );
  expect(row, `user ${username}`).toBeDefined();
  return row!.userUuid;
}
