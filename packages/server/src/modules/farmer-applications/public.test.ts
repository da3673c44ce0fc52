import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { FARMER_APPLICATION_MESSAGES as M } from '@ebt/core/farmer-applications';
import { auditLog, farmerApplicationConfirmations, outbox, rateLimits } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeProgram } from '../../testing/factories.js';
import { codeIn, digits, lastMessage, openProgram, QUESTIONS, validForm } from '../../testing/farmer-applications.js';
import { CODES_PER_CONTACT, PUBLIC_LIMITS, throttleKey } from './throttle.js';

// The public side of the farmers' online application (docs/decisions/0111): the programs taking applications, the
// one-time codes that confirm the contact, and the limits per client address.

const t = useTestApp();

// Each test in a fresh window of the limits, with the clock where the codes' expiry is measured from.
beforeEach(() => t.clock.advance(2 * 3_600_000));

const contact = (n: string, language = 'en') => ({
  email: `farmer.${n}.${Date.now().toString(36)}@example.com`,
  mobilePhone: `(860) 555-${n.padStart(4, '0').slice(-4)}`,
  language,
});

const sendCodes = (payload: object, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/merchant-api/farmer-application/confirmations', payload, remoteAddress });
const confirm = (id: string, payload: object, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: `/merchant-api/farmer-application/confirmations/${id}`,
    payload,
    remoteAddress,
  });

async function codesFor(c: ReturnType<typeof contact>) {
  const res = await sendCodes(c);
  expect(res.statusCode, res.body).toBe(201);
  return {
    id: (res.json() as { confirmationId: string }).confirmationId,
    emailCode: codeIn((await lastMessage(t.database.db, c.email)).body),
    mobileCode: codeIn((await lastMessage(t.database.db, digits(c.mobilePhone), 'sms')).body),
  };
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('GET /merchant-api/farmer-application/programs', () => {
  it('lists the enabled programs that are open, with the questions in effect on their today', async () => {
    const db = t.database.db;
    const open = await makeProgram(db, { name: 'Aa Open Farmers' });
    const closed = await makeProgram(db, { name: 'Aa Closed Farmers' });
    const disabled = await makeProgram(db, { name: 'Aa Disabled Farmers', statusId: 1 });
    await makeProgram(db, { name: 'Aa Never Set' });
    await openProgram(db, open, {
      questions: [
        ...QUESTIONS,
        { ...QUESTIONS[0]!, key: 'old', effectiveFrom: '2025-01-01', effectiveTo: '2025-12-31' },
        { ...QUESTIONS[0]!, key: 'later', effectiveFrom: '2027-01-01' },
      ],
    });
    await openProgram(db, closed, { open: false });
    await openProgram(db, disabled);
    const res = await t.app.inject({ method: 'GET', url: '/merchant-api/farmer-application/programs' });
    expect(res.statusCode).toBe(200);
    const programs = res.json() as { programId: number; questions: { key: string }[] }[];
    const mine = programs.filter((p) => [open.id, closed.id, disabled.id].includes(p.programId));
    expect(mine).toEqual([
      {
        programId: open.id,
        programName: 'Aa Open Farmers',
        agreementText: 'I agree to sell only eligible foods.',
        agreementTextEs: 'Acepto vender solo alimentos elegibles.',
        questions: [
          {
            key: 'grow',
            kind: 'yes-no',
            label: 'Do you grow what you sell?',
            labelEs: '¿Cultiva lo que vende?',
            required: true,
          },
          { key: 'certs', kind: 'text', label: 'Certifications', labelEs: 'Certificaciones', required: false },
        ],
      },
    ]);
  });
});

describe('POST /merchant-api/farmer-application/confirmations', () => {
  it('sends a code by e-mail and one by text, stores only their hashes, and answers where they went (masked)', async () => {
    const c = contact('0142');
    const res = await sendCodes(c);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    expect(answer).toMatchObject({ emailSentTo: `f***@example.com`, mobileSentTo: '***-***-0142' });
    expect(answer.message).toBe(
      `We sent a code to f***@example.com and a code by text message to ***-***-0142. Enter both below.`,
    );
    expect(new Date(answer.expiresAt).getTime()).toBe(t.clock.now().getTime() + 10 * 60_000);
    const email = await lastMessage(t.database.db, c.email);
    const sms = await lastMessage(t.database.db, '8605550142', 'sms');
    const [row] = await t.database.db
      .select()
      .from(farmerApplicationConfirmations)
      .where(eq(farmerApplicationConfirmations.uuid, answer.confirmationId));
    expect(row).toMatchObject({ email: c.email, mobilePhone: '8605550142', language: 'en', attempts: 0 });
    expect(row!.emailCodeHash).not.toContain(codeIn(email.body));
    expect(row!.mobileCodeHash).not.toContain(codeIn(sms.body));
    expect(codeIn(email.body)).not.toBe(codeIn(sms.body));
    expect(sms.body.length).toBeLessThanOrEqual(160);
    expect(res.body).not.toContain(codeIn(email.body));
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, answer.confirmationId));
    expect(audit).toMatchObject({ action: 'create', entity: 'farmer_application_confirmation', actorUserId: null });
    expect(JSON.stringify(audit)).not.toContain(c.email);
  });

  it('writes in Spanish to a farmer applying in Spanish', async () => {
    const c = contact('0143', 'es');
    await codesFor(c);
    expect((await lastMessage(t.database.db, c.email)).subject).toBe('Su código de MarketLink');
    expect((await lastMessage(t.database.db, '8605550143', 'sms')).body).toMatch(/^MarketLink: su código/);
  });

  it('refuses a bad e-mail or phone with 400 on the field and sends nothing', async () => {
    const before = await t.database.db.select().from(outbox);
    for (const [field, payload] of [
      ['email', { ...contact('1'), email: 'rosa@' }],
      ['mobilePhone', { ...contact('1'), mobilePhone: '555-01' }],
      ['language', { ...contact('1'), language: 'fr' }],
    ] as const) {
      const res = await sendCodes(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errorMessages.map((e: { field?: string }) => e.field)).toContain(field);
    }
    expect(await t.database.db.select().from(outbox)).toHaveLength(before.length);
  });
});

describe('POST /merchant-api/farmer-application/confirmations/{id}', () => {
  it('confirms the contact with both codes right', async () => {
    const c = contact('0150');
    const { id, emailCode, mobileCode } = await codesFor(c);
    const res = await confirm(id, { emailCode, mobileCode });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ confirmationId: id, confirmed: true, message: M.CONTACT_CONFIRMED });
    const [row] = await t.database.db
      .select()
      .from(farmerApplicationConfirmations)
      .where(eq(farmerApplicationConfirmations.uuid, id));
    expect(row!.confirmedAt?.getTime()).toBe(t.clock.now().getTime());
    // Confirming again with the same codes is harmless.
    expect((await confirm(id, { emailCode, mobileCode })).statusCode).toBe(200);
  });

  it('answers 400 on the wrong code, counting the try, and 409 after five wrong tries even with the right codes', async () => {
    const { id, emailCode, mobileCode } = await codesFor(contact('0151'));
    const first = await confirm(id, { emailCode: wrong(emailCode), mobileCode });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({
      message: M.CODE_WRONG,
      errorMessages: [{ appErrorMessage: M.CODE_WRONG, field: 'emailCode' }],
    });
    const second = await confirm(id, { emailCode, mobileCode: wrong(mobileCode) });
    expect(second.json().errorMessages.map((e: { field: string }) => e.field)).toEqual(['mobileCode']);
    const both = await confirm(id, { emailCode: wrong(emailCode), mobileCode: wrong(mobileCode) });
    expect(both.json().errorMessages.map((e: { field: string }) => e.field)).toEqual(['emailCode', 'mobileCode']);
    for (let i = 0; i < 2; i++)
      expect((await confirm(id, { emailCode, mobileCode: wrong(mobileCode) })).statusCode).toBe(400);
    const [row] = await t.database.db
      .select()
      .from(farmerApplicationConfirmations)
      .where(eq(farmerApplicationConfirmations.uuid, id));
    expect(row).toMatchObject({ attempts: 5, confirmedAt: null });
    const locked = await confirm(id, { emailCode, mobileCode });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(M.CODE_EXPIRED);
  });

  it('answers 409 once the ten minutes are over', async () => {
    const { id, emailCode, mobileCode } = await codesFor(contact('0152'));
    t.clock.advance(10 * 60_000 + 1);
    const res = await confirm(id, { emailCode, mobileCode });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.CODE_EXPIRED);
  });

  it('answers 404 for an unknown confirmation and 400 for a code that is not 6 digits', async () => {
    const unknown = await confirm('00000000-0000-4000-8000-000000000001', {
      emailCode: '123456',
      mobileCode: '123456',
    });
    expect(unknown.statusCode).toBe(404);
    const { id } = await codesFor(contact('0153'));
    const bad = await confirm(id, { emailCode: '12345', mobileCode: 'abcdef' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errorMessages.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['emailCode', 'mobileCode']);
  });
});

let lastOctet = 0;

describe('the limits per client address', () => {
  it(`refuses a request for codes past ${PUBLIC_LIMITS.codes} an hour with 429 and Retry-After`, async () => {
    const ip = '10.60.0.1';
    for (let i = 0; i < PUBLIC_LIMITS.codes; i++)
      expect((await sendCodes(contact(String(2000 + i)), ip)).statusCode).toBe(201);
    const res = await sendCodes(contact('2999'), ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(M.THROTTLED);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // Another address is not counted with it, and the next hour starts afresh.
    expect((await sendCodes(contact('2998'), '10.60.0.2')).statusCode).toBe(201);
    t.clock.advance(60 * 60_000 + 1000);
    expect((await sendCodes(contact('2997'), ip)).statusCode).toBe(201);
  });

  it.each([
    ['read', 'GET', '/merchant-api/farmer-application/programs', undefined],
    ['read', 'GET', `/merchant-api/farmer-application/status/${'a'.repeat(43)}`, undefined],
    [
      'confirm',
      'POST',
      '/merchant-api/farmer-application/confirmations/00000000-0000-4000-8000-000000000001',
      { emailCode: '123456', mobileCode: '123456' },
    ],
    ['submit', 'POST', '/merchant-api/farmer-application', 'form'],
    ['submit', 'PUT', `/merchant-api/farmer-application/status/${'a'.repeat(43)}`, 'form'],
  ] as const)('refuses a %s request (%s %s) past its limit with 429', async (kind, method, url, body) => {
    const ip = `10.61.0.${++lastOctet}`;
    await t.database.db
      .insert(rateLimits)
      .values({ key: throttleKey(kind, ip), count: PUBLIC_LIMITS[kind], windowStart: t.clock.now() })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: { count: PUBLIC_LIMITS[kind], windowStart: t.clock.now() },
      });
    const form = { ...validForm([1]), confirmationId: '00000000-0000-4000-8000-000000000001' };
    const payload = body === 'form' ? form : body;
    const res = await t.app.inject({ method, url, remoteAddress: ip, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json().message).toBe(M.THROTTLED);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});

describe('the limit per contact', () => {
  const sent = async (to: string, channel: 'email' | 'sms' = 'email') =>
    (await t.database.db.select().from(outbox).where(eq(outbox.to, to))).filter((m) => m.channel === channel).length;

  it(`sends codes to one mobile number at most ${CODES_PER_CONTACT} times an hour, from however many addresses`, async () => {
    const mobilePhone = '(860) 555-0311';
    for (let i = 0; i < CODES_PER_CONTACT; i++)
      expect((await sendCodes({ ...contact(String(3100 + i)), mobilePhone }, `10.62.0.${i + 1}`)).statusCode).toBe(201);
    const victim = contact('3199');
    const res = await sendCodes({ ...victim, mobilePhone }, '10.62.1.1');
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json().message).toBe(M.CONTACT_THROTTLED);
    expect(res.json().errorMessages[0].messageKey).toBe('FARMER_APPLICATION_MESSAGES.CONTACT_THROTTLED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // Nothing was sent for the refused request: no text, no e-mail, no confirmation.
    expect(await sent(digits(mobilePhone), 'sms')).toBe(CODES_PER_CONTACT);
    expect(await sent(victim.email)).toBe(0);
    // The window holds no phone number (a keyed hash) and another number is not counted with it.
    const keys = (await t.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys.some((k) => k.includes('8605550311') || k.includes(victim.email))).toBe(false);
    expect((await sendCodes(contact('3198'), '10.62.1.2')).statusCode).toBe(201);
    // The next hour starts afresh.
    t.clock.advance(60 * 60_000 + 1000);
    expect((await sendCodes({ ...contact('3197'), mobilePhone }, '10.62.1.3')).statusCode).toBe(201);
  });

  it('counts an e-mail address in any case as one contact', async () => {
    const c = contact('3200');
    for (let i = 0; i < CODES_PER_CONTACT; i++)
      expect(
        (
          await sendCodes({
            ...c,
            email: i % 2 ? c.email.toUpperCase() : c.email,
            mobilePhone: `(860) 555-${3201 + i}`,
          })
        ).statusCode,
      ).toBe(201);
    const res = await sendCodes({ ...c, email: ` ${c.email.toUpperCase()}`, mobilePhone: '(860) 555-3299' });
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json().message).toBe(M.CONTACT_THROTTLED);
    expect(await sent(digits('(860) 555-3299'), 'sms')).toBe(0);
  });
});
