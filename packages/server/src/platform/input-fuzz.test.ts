import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROLE } from '@ebt/core/enums';
import { PRIVILEGE, PRIVILEGE_LIST } from '@ebt/core/privileges';
import { rolePrivileges } from '../db/schema/index.js';
import { makeFundingSource } from '../testing/benefits.js';
import { makeCard, makeMerchant, makeTerminal } from '../testing/pos-world.js';
import { useTestApp } from '../testing/app.js';
import {
  DEFAULT_PASSWORD,
  makeAgency,
  makeApplicant,
  makeApplication,
  makeProgram,
  makeRecipient,
  makeUser,
} from '../testing/factories.js';
import type { Access } from '@ebt/core/contract';

// Architecture.md "The request path": input the database cannot hold is refused with a 400, never a 5xx. This test
// walks every registered route and, for each field of its querystring, params and body schemas, sends a NUL, a lone
// surrogate, a 1 MB string, huge numbers, a wrong type and an array for a scalar, the other fields holding valid
// values so the bad one is what the route has to deal with. Then fast-check sends random bad values to random fields.
// The caller holds every privilege (a platform admin granted them all), and recipient routes are called by a
// recipient too; public routes are called without a session. No answer may be 5xx.

const t = useTestApp();

type Part = 'querystring' | 'params' | 'body';
type Caller = 'anonymous' | 'admin' | 'recipient' | 'terminal';

interface Case {
  method: string;
  url: string;
  caller: Caller;
  part: Part;
  field: string;
}

interface RouteInput {
  method: string;
  url: string;
  callers: Caller[];
  multipart: boolean;
  fields: Record<Part, string[]>;
}

/** The fields of an object schema, looking through transforms (a pipe's input side). */
function fieldsOf(schema: unknown): string[] {
  let current = schema;
  while (current instanceof z.ZodPipe) current = current.in;
  return current instanceof z.ZodObject ? Object.keys(current.shape) : [];
}

function callersOf(access: Access): Caller[] {
  if (access.kind === 'public') return ['anonymous'];
  if (access.kind === 'authenticated') return ['admin', 'recipient'];
  if (access.kind === 'terminal') return ['terminal'];
  return access.anyOf.includes(PRIVILEGE.RECIPIENT_ACCESS) ? ['admin', 'recipient'] : ['admin'];
}

function routeInputs(): RouteInput[] {
  return t.app.registeredRoutes.flatMap((route) => {
    const schema = (route.schema ?? {}) as Partial<Record<Part, unknown>> & { consumes?: string[]; hide?: boolean };
    // The web app's file routes and the OpenAPI UI take no input of ours.
    const api = route.url.startsWith('/api/') || route.url.includes('-api/') || route.url === '/healthz';
    if (!api || route.url.startsWith('/api/docs')) return [];
    return [route.method]
      .flat()
      .filter((method) => method !== 'HEAD')
      .map((method) => ({
        method,
        url: route.url,
        callers: callersOf(route.access as Access),
        multipart: schema.consumes?.includes('multipart/form-data') ?? false,
        fields: {
          querystring: fieldsOf(schema.querystring),
          params: fieldsOf(schema.params),
          body: fieldsOf(schema.body),
        },
      }));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Valid values, so that one bad field is the only thing wrong with a request

let samples: Record<string, unknown> = {};
let tokens: Record<Exclude<Caller, 'anonymous' | 'terminal'>, string>;
let terminalAuthorization: string;
let logoutUser: string;

beforeAll(async () => {
  const { db } = t.database;
  // A platform administrator with every privilege of the catalogue passes every route's access rule.
  await db
    .insert(rolePrivileges)
    .values(PRIVILEGE_LIST.map((p) => ({ roleId: ROLE.PLATFORM_ADMIN, privilegeId: p.privilegeId })))
    .onConflictDoNothing();
  const program = await makeProgram(db);
  const agency = await makeAgency(db, program);
  const otherAgency = await makeAgency(db, program);
  const funding = await makeFundingSource(db, program);
  const admin = await makeUser(db, { roleId: ROLE.PLATFORM_ADMIN });
  const recipientUser = await makeUser(db, { roleId: ROLE.RECIPIENT });
  const signInTarget = await makeUser(db, { roleId: ROLE.PROGRAM_ADMIN, programs: [program] });
  logoutUser = (await makeUser(db, { roleId: ROLE.PROGRAM_ADMIN, programs: [program] })).username;
  const account = await makeRecipient(db, { program, agency, user: recipientUser });
  // Issued through the API, as a person would, so its issuance totals exist for an edit or a void to adjust.
  const issued = await t.injectAs(await t.signIn(signInTarget.username), {
    method: 'POST',
    url: '/benefit-api/benefit',
    payload: {
      benefitRecipientAccountIdentifier: account.recipientIdentifier,
      benefitAuthorizationNumber: 'FUZZ0001',
      benefitAvailableDate: '2026-11-23',
      benefitExpirationDate: '2027-02-28',
      benefitAmount: 25,
      programUuid: program.uuid,
      fundingId: funding.id,
      benefitTypeId: 1,
    },
  });
  expect(issued.statusCode, issued.body).toBe(201);
  const benefit = { uuid: (issued.json() as { benefitUuid: string }).benefitUuid };
  const application = await makeApplication(db, [program]);
  const applicant = await makeApplicant(db, { program });
  tokens = { admin: await t.signIn(admin.username), recipient: await t.signIn(recipientUser.username) };
  // The transaction engine's routes take a terminal of a merchant mapped to the program, and a card of the account.
  const merchant = await makeMerchant(db, { programs: [{ id: program.id }] });
  const terminal = await makeTerminal(db, merchant.id);
  terminalAuthorization = `Basic ${Buffer.from(`${terminal.code}:${terminal.secret}`).toString('base64')}`;
  const card = await makeCard(t, program, account.id);
  samples = {
    // people
    username: signInTarget.username,
    password: DEFAULT_PASSWORD,
    currentPassword: DEFAULT_PASSWORD,
    newPassword: 'Fuzzed#Pass2',
    confirmPassword: 'Fuzzed#Pass2',
    firstname: 'Ann',
    middlename: 'Q',
    lastname: 'Lee',
    address1: '1 Main Street',
    address2: '',
    city: 'Hartford',
    stateCode: 'CT',
    stateId: 'CT',
    zipcode: '06103',
    email: signInTarget.email,
    mobilePhone: '2035550100',
    mobile: '2035550100',
    cardIssuanceCode: false,
    answer: 'blue',
    questionId: 1,
    otpPreference: 'email',
    otpCode: 'ABC123',
    hash: 'no-such-link-hash',
    uuid: recipientUser.uuid,
    userUuid: admin.uuid,
    // program side
    programUuid: program.uuid,
    programId: program.id,
    agencyUuid: agency.uuid,
    fromAgency: agency.uuid,
    toAgency: otherAgency.uuid,
    accountUuid: account.uuid,
    accountStatusId: 0,
    recipientIdentifier: account.recipientIdentifier,
    applicationId: application.id,
    applicantId: applicant.id,
    id: 1,
    // benefits
    benefitUuid: benefit.uuid,
    benefitRecipientAccountIdentifier: account.recipientIdentifier,
    benefitAuthorizationNumber: 'FUZZ0001',
    benefitAvailableDate: '2026-11-23',
    benefitExpirationDate: '2027-02-28',
    benefitAmount: 25,
    benefitBalance: 10,
    fundingId: funding.id,
    benefitTypeId: 1,
    benefitStatus: 'VOID',
    note: '',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    accountId: account.recipientIdentifier,
    authNo: 'FUZZ0001',
    exportType: 'csv',
    pageSize: 10,
    page: 0,
    // the transaction engine
    pan: card.pan,
    amount: 1,
    eligibleAmount: 1,
    allowPartial: false,
    traceNumber: '000123',
    terminalDateTime: '2026-11-23T10:00:00-05:00',
    posEntryMode: '071',
    posConditionCode: '00',
    mcc: '5411',
    location: { latitude: 41.76, longitude: -72.67 },
    original: { traceNumber: '000123', date: '2026-11-23' },
  };
});

// ---------------------------------------------------------------------------------------------------------------
// Sending

/** Percent-encodes text for a URL; a lone surrogate (which encodeURIComponent refuses) goes as its raw WTF-8 bytes. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    // URIError: the value holds a lone surrogate; encode it character by character below.
  }
  return value.replace(/[\s\S]/gu, (char) => {
    const code = char.codePointAt(0)!;
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff)
      return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    return encodeURIComponent(char);
  });
}

const asUrlText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

function buildRequest(route: RouteInput, part: Part | null, field: string | null, value: unknown): InjectOptions {
  const pick = (which: Part) => {
    const values: Record<string, unknown> = {};
    for (const name of route.fields[which]) if (name in samples) values[name] = samples[name];
    if (part === which && field) values[field] = value;
    return values;
  };
  const params = pick('params');
  const url = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) => encode(asUrlText(params[name] ?? '1')));
  const query = Object.entries(pick('querystring')).flatMap(([name, v]) =>
    (Array.isArray(v) ? v : [v]).map((item) => `${encode(name)}=${encode(asUrlText(item))}`),
  );
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: query.length ? `${url}?${query.join('&')}` : url,
  };
  if (!['GET', 'DELETE', 'HEAD'].includes(route.method)) options.payload = pick('body');
  return options;
}

async function send(route: RouteInput, caller: Caller, request: InjectOptions): Promise<LightMyRequestResponse> {
  if (caller === 'anonymous') return t.app.inject(request);
  if (caller === 'terminal')
    return t.app.inject({ ...request, headers: { ...(request.headers ?? {}), authorization: terminalAuthorization } });
  // Logging out ends the session it is called with: give it one of its own.
  const token = route.url.endsWith('/logout') ? await t.signIn(logoutUser) : tokens[caller];
  return t.injectAs(token, request);
}

// ---------------------------------------------------------------------------------------------------------------
// Bad values

const MEGABYTE = 'x'.repeat(1_048_576);
const FIXED_BAD_VALUES: [string, unknown][] = [
  ['NUL', 'a\u0000b'],
  ['lone surrogate', '\ud800x'],
  ['1 MB string', MEGABYTE],
  ['int4 + 1', 2_147_483_648],
  ['1e15', 1_000_000_000_000_000],
  ['beyond safe integers', Number('9007199254740993')],
  ['huge digits', '99999999999999999999999'],
  ['1e308', 1e308],
  ['wrong type', { nested: true }],
  ['array for a scalar', ['a', 'b']],
];

const badValue = fc.oneof(
  fc
    .tuple(fc.string({ maxLength: 12 }), fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff'), fc.string())
    .map(([before, bad, after]) => before + bad + after),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => Math.abs(n) > 2_147_483_647),
  fc.bigInt({ min: 2n ** 31n, max: 10n ** 40n }).map((n) => n.toString()),
  fc.constantFrom<unknown>(true, false, null, {}, [], -1, 0, 1.5, ''),
  fc.array(fc.oneof(fc.string(), fc.integer()), { minLength: 1, maxLength: 3 }),
);

interface Failure {
  route: string;
  caller: Caller;
  field: string;
  value: string;
  status: number;
  body: string;
}

function describeValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 60)}… (${text.length} chars)` : text;
}

async function trySend(route: RouteInput, c: Case, value: unknown): Promise<Failure | null> {
  const res = await send(route, c.caller, buildRequest(route, c.part, c.field, value));
  if (res.statusCode < 500) return null;
  return {
    route: `${c.method} ${c.url}`,
    caller: c.caller,
    field: `${c.part}.${c.field}`,
    value: describeValue(value),
    status: res.statusCode,
    body: res.body.slice(0, 200),
  };
}

// ---------------------------------------------------------------------------------------------------------------

describe('input fuzz over every registered route', () => {
  let routes: RouteInput[];
  let cases: { route: RouteInput; c: Case }[];
  beforeAll(() => {
    routes = routeInputs();
    cases = routes.flatMap((route) =>
      route.callers.flatMap((caller) =>
        (['querystring', 'params', 'body'] as const).flatMap((part) =>
          route.fields[part].map((field) => ({
            route,
            c: { method: route.method, url: route.url, caller, part, field },
          })),
        ),
      ),
    );
  });

  it('finds the routes and their fields', () => {
    expect(routes.length).toBeGreaterThan(40);
    const names = new Set(cases.map(({ c }) => `${c.method} ${c.url} ${c.part}.${c.field}`));
    for (const expected of [
      'POST /api/authenticate body.username',
      'PUT /user-api/user/currentuser body.firstname',
      'POST /account-api/applicant body.firstname',
      'PUT /benefit-api/benefit body.benefitBalance',
      'GET /account-api/account querystring.firstname',
      'GET /benefit-api/benefit/export querystring.authNo',
    ]) {
      expect(names.has(expected), expected).toBe(true);
    }
  });

  it('answers no 5xx to a NUL, a lone surrogate, 1 MB, a huge number, a wrong type or an array in any field', async () => {
    const failures: Failure[] = [];
    for (const { route, c } of cases) {
      for (const [, value] of FIXED_BAD_VALUES) {
        const failure = await trySend(route, c, value);
        if (failure) failures.push(failure);
      }
    }
    expect(failures).toEqual([]);
    // Every route × field × bad value, one after the other: about a minute on a quiet 2-core machine, and it grows
    // with each area; 120 s ran out on a loaded one.
  }, 300_000);

  it('answers no 5xx to random bad values in random fields (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: cases.length - 1 }), badValue, async (index, value) => {
        const { route, c } = cases[index]!;
        const failure = await trySend(route, c, value);
        expect(failure).toBeNull();
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it('answers no 5xx to a whole JSON body of the wrong type (null, an array, a string, a number, a boolean)', async () => {
    const withBody = routes.filter(
      (route) => ['POST', 'PUT', 'PATCH'].includes(route.method) && !route.multipart && route.fields.body.length > 0,
    );
    for (const expected of ['POST /account-api/external-pan', 'PUT /account-api/external-pan/:id'])
      expect(withBody.map((route) => `${route.method} ${route.url}`)).toContain(expected);
    const failures: Failure[] = [];
    for (const route of withBody) {
      for (const caller of route.callers) {
        for (const payload of ['null', '[1,2]', '[]', '"x"', '5', 'true']) {
          const request = buildRequest(route, null, null, undefined);
          const res = await send(route, caller, {
            ...request,
            payload,
            headers: { 'content-type': 'application/json' },
          });
          if (res.statusCode >= 500) {
            failures.push({
              route: `${route.method} ${route.url}`,
              caller,
              field: 'body',
              value: payload,
              status: res.statusCode,
              body: res.body.slice(0, 200),
            });
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('answers no 5xx to JSON, garbage or a broken multipart body on an upload route', async () => {
    const uploads = routes.filter((route) => route.multipart);
    expect(uploads.length).toBeGreaterThanOrEqual(2);
    const boundary = 'fuzzboundary';
    const bodies: { contentType: string; payload: string | Buffer }[] = [
      { contentType: 'application/json', payload: JSON.stringify({ benefitFile: 'a\u0000b', programUuid: '\ud800x' }) },
      { contentType: 'multipart/form-data', payload: 'no boundary at all' },
      { contentType: `multipart/form-data; boundary=${boundary}`, payload: Buffer.from([0, 0xff, 0xfe, 0xed, 0xa0]) },
      {
        contentType: `multipart/form-data; boundary=${boundary}`,
        payload:
          `--${boundary}\r\nContent-Disposition: form-data; name="programUuid"\r\n\r\na\u0000b\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="benefitFile"; filename="f.csv"\r\n` +
          `Content-Type: text/csv\r\n\r\nname\r\n\ud800x\r\n--${boundary}--\r\n`,
      },
      { contentType: 'text/plain', payload: MEGABYTE },
    ];
    const failures: Failure[] = [];
    for (const route of uploads) {
      for (const caller of route.callers) {
        for (const body of bodies) {
          const request = buildRequest(route, null, null, undefined);
          const res = await send(route, caller, {
            ...request,
            payload: body.payload,
            headers: { 'content-type': body.contentType },
          });
          if (res.statusCode >= 500) {
            failures.push({
              route: `${route.method} ${route.url}`,
              caller,
              field: 'body',
              value: `${body.contentType}: ${describeValue(String(body.payload))}`,
              status: res.statusCode,
              body: res.body.slice(0, 200),
            });
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
