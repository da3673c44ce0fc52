import { connect } from 'node:net';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { IP_FAILURE_LIMIT, IP_WINDOW_MS, LOGIN_LOCK_MS, LOGIN_LOCK_THRESHOLD } from '@ebt/core/constants';
import { APP_ERROR_CODE, ErrorBody } from '@ebt/core/errors';
import { MESSAGES } from '@ebt/core/messages';
import { LOOKUP_LIMIT_PER_ADDRESS, LOOKUP_WINDOW_MS, RECOVERY_ERROR_CODE } from '@ebt/core/recovery';
import { useTestApp } from '../testing/app.js';
import { frameworkErrorHandler, registerErrorHandler } from './errors.js';
import { registerSecurityHeaders, securityHeaders, securityHeaderWriter } from './security-headers.js';

// Fastify's own errors (docs/security.md "Answers and logs"): a URL it cannot decode, a path parameter over
// maxParamLength, a body it cannot parse, an unknown route, a request its HTTP parser cannot read. Each answers in the
// product's shape, {status, message, errorMessages: [{appErrorCode, appErrorMessage}]}, says nothing of the request
// (Fastify's own answers quoted the whole path, with the e-mail or card number in it), and carries the security
// headers every other answer carries. A 429 says in Retry-After when the lock or the window ends.

const t = useTestApp();

const PAN = '4111111111111111';
const EMAIL = 'margaret.kowalski@example.com';

/** Parts of the request that must never come back in an error answer. */
const ECHOES = [PAN, 'margaret', 'example.com', '%E0', 'forgot', 'account-api', 'aaaaaaaa', 'FST_'];

/** The key a message constant travels with (`MESSAGES.NAME`); Fastify's own texts have none. */
const KEY_OF = new Map(Object.entries(MESSAGES).map(([name, text]) => [text as string, `MESSAGES.${name}`]));
const entryOf = (code: string, message: string) => ({
  appErrorCode: code,
  appErrorMessage: message,
  ...(KEY_OF.has(message) ? { messageKey: KEY_OF.get(message) } : {}),
});

function expectProductError(res: LightMyRequestResponse, status: number, code: string, message: string) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as unknown;
  expect(ErrorBody.parse(body)).toEqual(body);
  expect(body).toEqual({ status, message, errorMessages: [entryOf(code, message)] });
  for (const echo of ECHOES) expect(res.body, echo).not.toContain(echo);
}

function expectSecurityHeaders(res: LightMyRequestResponse, { api = true } = {}) {
  const csp = res.headers['content-security-policy'] as string;
  // An API answer's policy allows nothing; a page's allows its own origin.
  expect(csp).toContain(api ? "default-src 'none'" : "default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-frame-options']).toBe('DENY');
  if (api) expect(res.headers['cache-control']).toBe('no-store');
}

describe('a URL Fastify cannot decode (FST_ERR_BAD_URL)', () => {
  it.each([
    `/account-api/account/${PAN}%E0%A4%A`,
    `/user-api/user/forgot-username/${encodeURIComponent(EMAIL)}%E0%A4%A`,
    '/user-api/forgot-password/%E0%A4%A',
    `/account-api/account/%E0%A4%A?pan=${PAN}`,
  ])('GET %s answers 400 in the product shape, without the URL', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expectProductError(res, 400, APP_ERROR_CODE.BAD_REQUEST, MESSAGES.VALIDATION_FAILED);
    expectSecurityHeaders(res);
  });

  it('believes no X-Forwarded-Proto without TRUST_PROXY: no Strict-Transport-Security over plain HTTP', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/user-api/forgot-password/%E0%A4%A',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers).not.toHaveProperty('strict-transport-security');
  });

  it('answers a page path the same, with the headers but without no-store', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/recipient/${PAN}%E0%A4%A` });
    expectProductError(res, 400, APP_ERROR_CODE.BAD_REQUEST, MESSAGES.VALIDATION_FAILED);
    expectSecurityHeaders(res, { api: false });
  });
});

describe('a path parameter over maxParamLength (FST_ERR_MAX_PARAM_LENGTH)', () => {
  it.each([
    `/account-api/account/${PAN.repeat(40)}`,
    `/user-api/user/forgot-username/${'a'.repeat(600)}${encodeURIComponent('@example.com')}`,
  ])('GET %s answers 400 in the product shape, without the value', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expectProductError(res, 400, APP_ERROR_CODE.BAD_REQUEST, MESSAGES.VALIDATION_FAILED);
    expectSecurityHeaders(res);
  });
});

describe('a body Fastify cannot take', () => {
  const post = (headers: Record<string, string>, payload: string) =>
    t.app.inject({ method: 'POST', url: '/api/authenticate', headers, payload });

  it('malformed JSON answers 400 without quoting it', async () => {
    const res = await post({ 'content-type': 'application/json' }, `{"username":"${PAN}","password":`);
    expectProductError(res, 400, APP_ERROR_CODE.BAD_REQUEST, 'The request body is not valid JSON.');
    expectSecurityHeaders(res);
  });

  it('a content type no parser takes answers 415', async () => {
    const res = await post({ 'content-type': 'application/xml' }, `<username>${PAN}</username>`);
    expectProductError(res, 415, APP_ERROR_CODE.BAD_REQUEST, 'The content type of the request is not supported.');
    expectSecurityHeaders(res);
  });

  it('a body over the limit answers 413', async () => {
    const payload = JSON.stringify({ username: PAN.repeat(150_000), password: 'x' });
    const res = await post({ 'content-type': 'application/json' }, payload);
    expectProductError(res, 413, APP_ERROR_CODE.BAD_REQUEST, 'The request body is too large.');
    expectSecurityHeaders(res);
  });
});

describe('an unknown route', () => {
  it('answers an unknown API path like a guarded one, in the shape, with the headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/account-api/no-such-thing/${PAN}` });
    expectProductError(res, 401, APP_ERROR_CODE.UNAUTHORIZED, MESSAGES.SESSION_REQUIRED);
    expectSecurityHeaders(res);
  });

  it('answers an unknown page path (no web app built) with a 404 in the shape', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `/no-such-page/${PAN}` });
    expectProductError(res, 404, APP_ERROR_CODE.NOT_FOUND, MESSAGES.NOT_FOUND);
    expectSecurityHeaders(res, { api: false });
  });
});

describe("a request Node's HTTP parser cannot read (clientErrorHandler)", () => {
  /** Sends raw bytes to the listening app and answers what came back before the server closed the connection. */
  async function raw(request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('the app is not listening');
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(address.port, '127.0.0.1');
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (received += chunk));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
      socket.write(request);
    });
    const [head = '', body = ''] = text.split('\r\n\r\n');
    const [statusLine = '', ...lines] = head.split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }

  it.each([
    ['a malformed request line', `GET /account-api/account/${PAN} HTTP/1.1 ${EMAIL}\r\nHost: x\r\n\r\n`, 400],
    [
      'headers over the size limit',
      `GET /account-api/account/${PAN} HTTP/1.1\r\nX-A: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
  ])('%s answers in the product shape with the headers', async (_name, request, status) => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await raw(request);
    expect(res.status).toBe(status);
    expect(JSON.parse(res.body)).toEqual({
      status,
      message: MESSAGES.VALIDATION_FAILED,
      errorMessages: [entryOf(APP_ERROR_CODE.BAD_REQUEST, MESSAGES.VALIDATION_FAILED)],
    });
    for (const echo of ECHOES) expect(res.body, echo).not.toContain(echo);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('an async constraint that fails (FST_ERR_ASYNC_CONSTRAINT)', () => {
  // No route of the app has one; the handler the app gives Fastify is the one tried here, on an app that has.
  it('answers 500 in the product shape with the headers', async () => {
    const app = Fastify({ frameworkErrors: frameworkErrorHandler(securityHeaderWriter(securityHeaders())) });
    // A third parameter makes the strategy asynchronous (find-my-way), which Fastify's types do not describe.
    const failingDerive = (_req: unknown, _ctx: unknown, done: (err: Error) => void) =>
      done(new Error(`lookup of ${PAN} failed`));
    app.addConstraintStrategy({
      name: 'tenant',
      storage: () => {
        const handlers = new Map<unknown, unknown>();
        return { get: (key) => (handlers.get(key) ?? null) as never, set: (key, value) => handlers.set(key, value) };
      },
      deriveConstraint: failingDerive as unknown as () => unknown,
      mustMatchWhenDerived: true,
    });
    app.get('/api/tenant', { constraints: { tenant: 'a' } }, async () => ({ ok: true }));
    try {
      const res = await app.inject({ method: 'GET', url: `/api/tenant?pan=${PAN}` });
      expectProductError(res, 500, APP_ERROR_CODE.INTERNAL, MESSAGES.GENERIC_ERROR);
      expectSecurityHeaders(res);
    } finally {
      await app.close();
    }
  });
});

describe('an error raised by a hook before the security headers are set', () => {
  // The app's hooks run in the order app.ts registers them: the request log's before the security headers'. An error
  // thrown there reaches the error handler, which sets the headers itself. Tried on an app with such a hook.
  it.each([
    ['a programming error', new Error(`no such card ${PAN}`), 500, APP_ERROR_CODE.INTERNAL, MESSAGES.GENERIC_ERROR],
    [
      'a client error of a plugin',
      Object.assign(new Error(`bad value ${PAN}`), { statusCode: 400, code: 'FST_PLUGIN_BAD' }),
      400,
      APP_ERROR_CODE.BAD_REQUEST,
      MESSAGES.VALIDATION_FAILED,
    ],
  ] as const)('%s answers in the product shape with the headers', async (_name, error, status, code, message) => {
    const app = Fastify();
    const writer = securityHeaderWriter(securityHeaders());
    registerErrorHandler(app, writer);
    app.addHook('onRequest', async () => {
      throw error;
    });
    await registerSecurityHeaders(app, { writer });
    app.get('/api/thing', async () => ({ ok: true }));
    try {
      const res = await app.inject({ method: 'GET', url: '/api/thing' });
      expectProductError(res, status, code, message);
      expectSecurityHeaders(res);
    } finally {
      await app.close();
    }
  });
});

describe('Retry-After on a 429', () => {
  const signIn = (username: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username, password }, remoteAddress: ip });

  it('says when a locked username may sign in again, in whole seconds', async () => {
    const username = 'lockeduser7';
    for (let i = 1; i <= LOGIN_LOCK_THRESHOLD; i++) await signIn(username, 'Wrong#Pass1', `10.61.0.${i}`);
    const locked = await signIn(username, 'Wrong#Pass1', '10.61.1.1');
    expectProductError(locked, 429, APP_ERROR_CODE.SIGN_IN_LOCKED, MESSAGES.LOGIN_LOCKED);
    expectSecurityHeaders(locked);
    expect(locked.headers['retry-after']).toBe(String(LOGIN_LOCK_MS / 1000));

    t.clock.advance(LOGIN_LOCK_MS - 60_000 - 500); // 60.5 s left: rounded up
    expect((await signIn(username, 'Wrong#Pass1', '10.61.1.2')).headers['retry-after']).toBe('61');
    t.clock.advance(60_000); // half a second left: still at least 1
    expect((await signIn(username, 'Wrong#Pass1', '10.61.1.3')).headers['retry-after']).toBe('1');
    t.clock.advance(1000);
  });

  it('says when an address over the sign-in limit may try again', async () => {
    for (let i = 0; i < IP_FAILURE_LIMIT; i++) await signIn(`sprayed${i}user`, 'Wrong#Pass1', '10.62.0.1');
    t.clock.advance(5 * 60_000);
    const res = await signIn('anotheruser1', 'Wrong#Pass1', '10.62.0.1');
    expectProductError(res, 429, APP_ERROR_CODE.SIGN_IN_THROTTLED, MESSAGES.LOGIN_THROTTLED);
    expect(res.headers['retry-after']).toBe(String((IP_WINDOW_MS - 5 * 60_000) / 1000));
    t.clock.advance(IP_WINDOW_MS);
  });

  it('says when an address over the recovery look-up limit may try again', async () => {
    const lookUp = (i: number) =>
      t.app.inject({ method: 'GET', url: `/user-api/security-question/unknown${i}user`, remoteAddress: '10.63.0.1' });
    for (let i = 0; i < LOOKUP_LIMIT_PER_ADDRESS; i++) expect((await lookUp(i)).statusCode).toBe(404);
    t.clock.advance(60_000);
    const res = await lookUp(99);
    expectProductError(res, 429, RECOVERY_ERROR_CODE.LOCKED, MESSAGES.FORGOT_PASSWORD_LOCKED);
    expect(res.headers['retry-after']).toBe(String((LOOKUP_WINDOW_MS - 60_000) / 1000));
    t.clock.advance(LOOKUP_WINDOW_MS);
  });
});
