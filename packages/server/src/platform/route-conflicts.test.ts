import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { createTestDatabase } from '../testing/database.js';

// Paths the specification gives with fixed words (`currentuser`, `export`, `programs`, `balances`, ...) stand beside
// parametric paths of the same method (`/account-api/account/{accountUuid}`). The fixed path must win: when
// `/account-api/account/currentuser` did not exist, a recipient's call fell to the staff route and got 403. This file
// lists every such pair among the registered routes and proves, on the real router, that the fixed path reaches its
// own route. Routing does not depend on the caller, so the probes go without a token: an onResponse hook reads the
// route that answered (request.routeOptions.url), whatever the answer was.

interface Route {
  method: string;
  url: string;
}
interface Conflict {
  method: string;
  fixed: string;
  parametric: string;
  /** A path that both patterns match. */
  probe: string;
}

const isParam = (segment: string) => segment.includes(':');
const segmentsOf = (url: string) => url.split('/').slice(1);
/** Stands for a parameter's value: any text routes alike; a uuid also passes most schemas. */
const PARAM_VALUE = '00000000-0000-4000-8000-000000000001';

/**
 * Every pair of routes of one method whose patterns match a common path where, at the first segment they differ,
 * one has a fixed word and the other a parameter. The router (find-my-way) must then choose the fixed one. Routes
 * ending in a wildcard (`/api/docs/static/*`, the web app's `/*`) are fallbacks by design and left out; HEAD routes
 * are Fastify's copies of the GET routes.
 */
function findConflicts(routes: readonly Route[]): Conflict[] {
  const list = routes.filter((r) => r.method !== 'HEAD' && !r.url.includes('*'));
  const conflicts: Conflict[] = [];
  for (const a of list) {
    for (const b of list) {
      if (a === b || a.method !== b.method) continue;
      const sa = segmentsOf(a.url);
      const sb = segmentsOf(b.url);
      if (sa.length !== sb.length) continue;
      const compatible = sa.every((s, i) => isParam(s) || isParam(sb[i]!) || s === sb[i]);
      const firstDifference = sa.findIndex((s, i) => s !== sb[i]);
      if (!compatible || firstDifference < 0) continue;
      if (isParam(sa[firstDifference]!) || !isParam(sb[firstDifference]!)) continue;
      // A path both match: a's fixed words, and b's where a has a parameter.
      const probe = '/' + sa.map((s, i) => (!isParam(s) ? s : isParam(sb[i]!) ? PARAM_VALUE : sb[i])).join('/');
      conflicts.push({ method: a.method, fixed: a.url, parametric: b.url, probe });
    }
  }
  return conflicts;
}

const describeConflict = (c: Conflict) => `${c.method} ${c.fixed} over ${c.parametric}`;

/**
 * The specification's fixed-word paths (part 1 §7, part 2 §7) that exist today. Each must stay registered and reach
 * its own route: those with a parametric sibling now, and those that get one when its area lands
 * (`/user-api/user/{id}` beside `current`, `currentuser`, `password`; `/account-api/account/pangen/{programId}`).
 */
const SPEC_FIXED_PATHS: readonly Route[] = [
  { method: 'GET', url: '/account-api/account/currentuser' },
  { method: 'GET', url: '/account-api/account/currentuser/programs' },
  { method: 'GET', url: '/account-api/account/export' },
  { method: 'GET', url: '/account-api/account/programs' },
  { method: 'PUT', url: '/account-api/account/move' },
  { method: 'POST', url: '/account-api/account/file/:programUuid' },
  { method: 'GET', url: '/account-api/application/programs' },
  { method: 'GET', url: '/benefit-api/benefit/balance' },
  { method: 'GET', url: '/benefit-api/benefit/balances' },
  { method: 'GET', url: '/benefit-api/benefit/export' },
  { method: 'POST', url: '/benefit-api/benefit/file' },
  { method: 'GET', url: '/benefit-api/benefit/program/:programUuid' },
  { method: 'GET', url: '/benefit-api/benefit/program/:programUuid/balance' },
  { method: 'POST', url: '/merchant-api/merchant/file' },
  { method: 'GET', url: '/merchant-api/merchant/file/sample' },
  { method: 'GET', url: '/merchant-api/merchants/export' },
  { method: 'GET', url: '/merchant-api/merchant/locator' },
  { method: 'GET', url: '/transaction-api/transactions/export' },
  { method: 'GET', url: '/transaction-api/transactions/currentuser/:programUuid' },
  { method: 'GET', url: '/user-api/user/current' },
  { method: 'GET', url: '/user-api/user/current/security-answers' },
  { method: 'PUT', url: '/user-api/user/current/language' },
  { method: 'GET', url: '/user-api/user/currentuser' },
  { method: 'PUT', url: '/user-api/user/currentuser' },
  { method: 'PUT', url: '/user-api/user/password' },
  { method: 'POST', url: '/user-api/user/send-activation' },
  { method: 'POST', url: '/user-api/recipient-users/send-activation' },
  // The user-admin module: fixed words where {id} of /user-api/user/{id}/... stands.
  { method: 'POST', url: '/user-api/user/reset-otp/:uuid' },
  { method: 'POST', url: '/user-api/user/reset-otp/:uuid/send' },
  // Admin programs: the default funding names beside a program's uuid.
  { method: 'GET', url: '/admin-api/programs/default-funding' },
  // PANs: fixed words beside the PAN routes' parameters.
  { method: 'GET', url: '/account-api/account/pangen/:programId' },
  { method: 'GET', url: '/account-api/pans/currentuser' },
  { method: 'PATCH', url: '/account-api/pans/currentuser/:panId' },
  { method: 'POST', url: '/account-api/pans/gen/printed' },
  { method: 'GET', url: '/account-api/pans/printed' },
  { method: 'GET', url: '/benefit-api/pans/qrcode/pdfs/:panGenId' },
  // Incentives: the form's program options and the recipient's own enrolments beside ids.
  { method: 'GET', url: '/account-api/incentive/programs' },
  { method: 'GET', url: '/account-api/incentive/recipient-incentive/currentrecipient' },
  // External cards: the recipient's whole list beside a card's id.
  { method: 'GET', url: '/account-api/external-pan/all' },
  // The recipient portal: the recipient's merchant search beside the staff search and export, and the
  // notifications' fixed words.
  { method: 'GET', url: '/merchant-api/merchants/currentuser' },
  { method: 'GET', url: '/account-api/notifications/events' },
  { method: 'GET', url: '/account-api/notifications/statuses' },
  { method: 'GET', url: '/account-api/notifications/preferences' },
  { method: 'PUT', url: '/account-api/notifications/preferences' },
];

/** The pairs among them that have a parametric sibling today: the walker must find at least these. */
const KNOWN_CONFLICTS = [
  'GET /account-api/account/currentuser over /account-api/account/:accountUuid',
  'GET /account-api/account/export over /account-api/account/:accountUuid',
  'GET /account-api/account/programs over /account-api/account/:accountUuid',
  'GET /account-api/application/programs over /account-api/application/:applicationId',
  'GET /benefit-api/benefit/balance over /benefit-api/benefit/:benefitUuid',
  'GET /benefit-api/benefit/balances over /benefit-api/benefit/:benefitUuid',
  'GET /benefit-api/benefit/export over /benefit-api/benefit/:benefitUuid',
  'GET /merchant-api/merchant/locator over /merchant-api/merchant/:id',
  // The transactions area: the export beside a transaction's uuid.
  'GET /transaction-api/transactions/export over /transaction-api/transactions/:id',
  // The users area: the user's uuid beside the signed-in user's own paths.
  'GET /user-api/user/current over /user-api/user/:id',
  'GET /user-api/user/currentuser over /user-api/user/:id',
  'PUT /user-api/user/currentuser over /user-api/user/:id',
  'PUT /user-api/user/password over /user-api/user/:id',
  // Incentives.
  'GET /account-api/incentive/programs over /account-api/incentive/:id',
  'GET /account-api/incentive/recipient-incentive/currentrecipient over /account-api/incentive/recipient-incentive/:id',
  // Admin programs.
  'GET /admin-api/programs/default-funding over /admin-api/programs/:programUuid',
  // External cards.
  'GET /account-api/external-pan/all over /account-api/external-pan/:id',
  // Farmer applications: the review queue's program list beside an application's uuid.
  'GET /merchant-api/farmer-applications/programs over /merchant-api/farmer-applications/:applicationUuid',
];

let app: FastifyInstance;
let database: Database;
/** The route pattern that answered the last probe (undefined: no route, the not-found handler). */
let answeredBy: string | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', SEED: 'none', WEB_DIST_DIR: '/nonexistent' });
  app = await buildApp({ config, database, logger: false });
  // Added to the root before ready(): Fastify copies root hooks into every route, those of the modules included.
  app.addHook('onResponse', async (request) => {
    answeredBy = request.routeOptions.url;
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function routeReached(method: string, url: string): Promise<string | undefined> {
  answeredBy = 'no answer';
  await app.inject({ method: method as 'GET', url });
  return answeredBy;
}

const registered = () =>
  app.registeredRoutes.flatMap((r) => [r.method].flat().map((method) => ({ method: String(method), url: r.url })));

describe('route conflicts', () => {
  it('finds a pair only where a fixed word stands against a parameter of the same method', () => {
    const conflicts = findConflicts([
      { method: 'GET', url: '/a/:id' },
      { method: 'GET', url: '/a/list' },
      { method: 'POST', url: '/a/file' }, // another method: no pair
      { method: 'GET', url: '/a/list/:id' }, // another length: no pair
      { method: 'GET', url: '/b/:id/items' },
      { method: 'GET', url: '/b/mine/:which' }, // overlaps at /b/mine/items: the earlier fixed word wins
      { method: 'GET', url: '/c/*' }, // a fallback, not a pair
      { method: 'GET', url: '/c/x' },
    ]).map((c) => `${describeConflict(c)} via ${c.probe}`);
    expect(conflicts.sort()).toEqual([
      'GET /a/list over /a/:id via /a/list',
      'GET /b/mine/:which over /b/:id/items via /b/mine/items',
    ]);
  });

  it('lists the known pairs among the registered routes', () => {
    const conflicts = findConflicts(registered()).map(describeConflict);
    expect(conflicts).toEqual(expect.arrayContaining(KNOWN_CONFLICTS));
  });

  it('routes every fixed path of a pair to its own route, not to the parametric one', async () => {
    const conflicts = findConflicts(registered());
    expect(conflicts.length).toBeGreaterThanOrEqual(KNOWN_CONFLICTS.length);
    const wrong: string[] = [];
    for (const c of conflicts) {
      const reached = await routeReached(c.method, c.probe);
      if (reached !== c.fixed) wrong.push(`${c.method} ${c.probe} reached ${String(reached)}, not ${c.fixed}`);
    }
    expect(wrong).toEqual([]);
  });

  it("registers each of the specification's fixed-word paths, and each reaches its own route", async () => {
    const routes = new Set(registered().map((r) => `${r.method} ${r.url}`));
    const wrong: string[] = [];
    for (const { method, url } of SPEC_FIXED_PATHS) {
      if (!routes.has(`${method} ${url}`)) {
        wrong.push(`${method} ${url} is not registered`);
        continue;
      }
      const reached = await routeReached(method, url.replace(/:[A-Za-z]+/g, PARAM_VALUE));
      if (reached !== url) wrong.push(`${method} ${url} reached ${String(reached)}`);
    }
    expect(wrong).toEqual([]);
  });
});
