import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { useTestApp } from '../testing/app.js';
import { makeRecipient, makeUser } from '../testing/factories.js';
import { buildWorld, type World } from '../testing/world.js';
import { makeMerchant } from '../testing/merchants.js';

// The race walk of save-once routes (docs/security.md "Answers and logs"): a form a person saves, sent ten times at
// once (a double tap, a retrying client, two tabs), with the same body or two different ones. Each copy must answer
// as a single save would, never 5xx: a unique violation or a deadlock between copies is a bug of the route, however
// rare. Runs on PGlite and, on CI, on PostgreSQL, where the copies really run side by side.

const t = useTestApp();
const COPIES = 10;

type Request = { method: 'PUT' | 'PATCH' | 'POST'; url: string; payload?: object };
interface RaceCase {
  /** Sets up and answers the caller's token and the bodies to send (alternating when several). */
  setup(): Promise<{ token: string; requests: Request[] }>;
  /** The statuses a single save could answer (a second save of the same thing may say it is already done). */
  allowed: number[];
}

let w: World<'program', 'a1', 'platformAdmin' | 'programAdmin' | 'agencyUser'>;

beforeAll(async () => {
  w = await buildWorld(t, {
    programs: { program: {} },
    agencies: { a1: { program: 'program' } },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      programAdmin: { roleId: ROLE.PROGRAM_ADMIN, programs: ['program'] },
      agencyUser: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] },
    },
  });
});

/** A signed-in recipient with an account in the world's program. */
async function recipient() {
  const user = await makeUser(t.database.db, { roleId: ROLE.RECIPIENT });
  const account = await makeRecipient(t.database.db, { program: w.programs.program, agency: w.agencies.a1, user });
  return { user, account, token: await t.signIn(user.username) };
}

async function newPan(accountUuid: string): Promise<number> {
  const res = await t.injectAs(w.tokens.agencyUser, {
    method: 'POST',
    url: '/account-api/pans',
    payload: { programId: w.programs.program.id, accountUuid },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { panId: number }).panId;
}

const CASES: Record<string, RaceCase> = {
  'PUT /user-api/user/current/security-answers': {
    allowed: [200],
    async setup() {
      const { token } = await recipient();
      const url = '/user-api/user/current/security-answers';
      return {
        token,
        requests: [
          { method: 'PUT', url, payload: { questionId: 2, answer: 'Rex the Dog' } },
          { method: 'PUT', url, payload: { questionId: 3, answer: 'Hartford' } },
        ],
      };
    },
  },
  'PUT /user-api/user/current/language': {
    allowed: [200],
    async setup() {
      const { token } = await recipient();
      const url = '/user-api/user/current/language';
      return {
        token,
        requests: [
          { method: 'PUT', url, payload: { language: 'es' } },
          { method: 'PUT', url, payload: { language: 'en' } },
        ],
      };
    },
  },
  'PUT /user-api/user/currentuser': {
    allowed: [200],
    async setup() {
      const { user, token } = await recipient();
      const body = (email: string) => ({
        username: user.username,
        userUuid: user.uuid,
        firstname: 'Grace',
        middlename: 'M',
        lastname: 'Hopper',
        email,
        mobile: '8605550199',
      });
      const url = '/user-api/user/currentuser';
      return {
        token,
        requests: [
          { method: 'PUT', url, payload: body(`race.a.${user.id}@example.com`) },
          { method: 'PUT', url, payload: body(`race.b.${user.id}@example.com`) },
        ],
      };
    },
  },
  'PUT /account-api/notifications/preferences': {
    allowed: [200],
    async setup() {
      const { token } = await recipient();
      const url = '/account-api/notifications/preferences';
      return {
        token,
        requests: [
          { method: 'PUT', url, payload: { eventIds: [1, 5], methodIds: [1, 2] } },
          { method: 'PUT', url, payload: { eventIds: [2], methodIds: [1] } },
        ],
      };
    },
  },
  'PATCH /account-api/pans/currentuser/:panId': {
    // A lock of a card already locked answers 422 'This card cannot be changed that way.', as a second single save does.
    allowed: [200, 422],
    async setup() {
      const { account, token } = await recipient();
      const panId = await newPan(account.uuid);
      const url = `/account-api/pans/currentuser/${panId}`;
      return { token, requests: [{ method: 'PATCH', url, payload: { action: 'lock' } }] };
    },
  },
  'PUT /merchant-api/bank-info': {
    allowed: [200],
    async setup() {
      const merchant = await makeMerchant(t.database.db, { programs: [w.programs.program] });
      const body = (bankName: string) => ({
        merchantUuid: merchant.uuid,
        bankName,
        bankAccountNumber: '99887766',
        bankRoutingNumber: '021000021',
        bankAccountType: 0,
        firstName: 'Race',
        lastName: 'Holder',
      });
      return {
        token: w.tokens.programAdmin,
        requests: [
          { method: 'PUT', url: '/merchant-api/bank-info', payload: body('First Bank') },
          { method: 'PUT', url: '/merchant-api/bank-info', payload: body('Second Bank') },
        ],
      };
    },
  },
  'PUT /admin-api/config': {
    allowed: [200],
    async setup() {
      const payload = { configKey: 'race.key', configValue: 'on', effectiveDate: '2031-01-01' };
      const made = await t.injectAs(w.tokens.platformAdmin, { method: 'POST', url: '/admin-api/config', payload });
      expect(made.statusCode, made.body).toBeLessThan(300);
      return {
        token: w.tokens.platformAdmin,
        requests: [
          { method: 'PUT', url: '/admin-api/config', payload: { ...payload, configValue: 'off' } },
          { method: 'PUT', url: '/admin-api/config', payload: { ...payload, configValue: 'on' } },
        ],
      };
    },
  },
  'POST /account-api/pans/:panId/reveal': {
    allowed: [200],
    async setup() {
      const { account } = await recipient();
      const panId = await newPan(account.uuid);
      return {
        token: w.tokens.programAdmin,
        requests: [{ method: 'POST', url: `/account-api/pans/${panId}/reveal` }],
      };
    },
  },
};

describe('the race walk: a save sent ten times at once answers as one save would', () => {
  for (const [route, race] of Object.entries(CASES)) {
    it(route, async () => {
      const { token, requests } = await race.setup();
      const answers = await Promise.all(
        Array.from({ length: COPIES }, (_, i) => t.injectAs(token, requests[i % requests.length]!)),
      );
      const statuses = answers.map((res) => res.statusCode);
      expect(
        statuses.filter((status) => !race.allowed.includes(status)),
        answers.map((res) => res.body).join('\n'),
      ).toEqual([]);
      // At least one copy did the save.
      expect(statuses).toContain(200);
    });
  }
});
