import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import type { OutboxMessage } from '@ebt/core/outbox';
import { parseSmsUrl } from '../../config.js';
import { outbox, smsOptOuts } from '../../db/schema/index.js';
import { deliverMessages } from '../../platform/mailer.js';
import { queueMessage } from '../../platform/outbox.js';
import { twilioProvider, twilioSignature } from '../../platform/sms.js';
import { useTestApp } from '../../testing/app.js';
import { startFakeSmsProvider, type FakeSmsProvider } from '../../testing/fake-sms-provider.js';
import { makeRecipient } from '../../testing/factories.js';
import { buildWorld } from '../../testing/world.js';

// The delivery log and the STOP/START webhook (decision 0112): the outbox read whole without a provider (runtime
// contract), masked and redacted with one; a signed STOP holds texts back and shows on the preferences, START undoes
// it, a bad signature changes nothing.

const t = useTestApp();
const db = () => t.database.db;
let fake: FakeSmsProvider;
let w: Awaited<ReturnType<typeof makeWorld>>;

async function makeWorld() {
  const world = await buildWorld(t, {
    programs: { programA: {} },
    users: { platformAdmin: { roleId: ROLE.PLATFORM_ADMIN }, recipient: { roleId: ROLE.RECIPIENT } },
  });
  const account = await makeRecipient(db(), {
    program: world.programs.programA,
    user: world.users.recipient,
    mobilePhone: '8605550142',
  });
  return { ...world, account };
}

beforeAll(async () => {
  fake = await startFakeSmsProvider();
  w = await makeWorld();
  const ctx = { now: () => new Date('2026-12-02T10:00:00Z'), log: { info: () => undefined, warn: () => undefined } };
  await queueMessage(db(), ctx as never, {
    channel: 'email',
    to: 'jane.doe@example.com',
    subject: 'Activate your MarketLink account',
    body: 'Open https://portal.example/validate?hash=Zx9_secret-1 to activate. Your verification code is 482913.',
    kind: 'activation',
  });
  await queueMessage(db(), ctx as never, {
    channel: 'sms',
    to: '(860) 555-0142',
    subject: 'MarketLink verification code',
    body: 'Your MarketLink verification code is 739104. It expires in 10 minutes.',
    kind: 'sign-in-code',
  });
});
afterAll(async () => {
  t.config.sms = undefined;
  t.config.smtpUrl = undefined;
  await fake.close();
});

const list = async (query = '', token: string | null = w.tokens.platformAdmin) =>
  t.injectAs(token, { method: 'GET', url: `/admin-api/outbox${query}` });
const messages = async (query = '') => (await list(query)).json() as OutboxMessage[];

/** Posts a reply as the provider does, signed with `token` (the SMS_URL's auth token unless a test forges one). */
const reply = (form: Record<string, string>, token = 'test-auth-token') =>
  t.app.inject({
    method: 'POST',
    url: '/api/sms/inbound',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(token, `${t.config.publicUrl}/api/sms/inbound`, form),
    },
    payload: new URLSearchParams(form).toString(),
  });
const inbound = (body: string) => ({
  MessageSid: 'SM00000000000000000000000000000001',
  AccountSid: 'AC0123456789abcdef',
  From: '+18605550142',
  To: '+15125550100',
  Body: body,
});
const optOut = async () => (await db().select().from(smsOptOuts).where(eq(smsOptOuts.phone, '+18605550142')))[0];
const preferencesOptedOut = async () => {
  const token = await t.signIn(w.users.recipient.username);
  const rows = (await t.injectAs(token, { method: 'GET', url: '/account-api/notifications/preferences' })).json() as {
    smsOptedOut: boolean;
  }[];
  expect(rows.length).toBeGreaterThan(0);
  return rows.every((r) => r.smsOptedOut) ? true : rows.some((r) => r.smsOptedOut) ? 'mixed' : false;
};

describe('the outbox without a provider (development)', () => {
  it('shows every message whole, codes and links included, to platform admins only', async () => {
    const all = await messages();
    const mail = all.find((m) => m.channel === 'email')!;
    const text = all.find((m) => m.channel === 'sms')!;
    expect(mail).toMatchObject({ to: 'jane.doe@example.com', kind: 'activation', status: 'queued', redacted: false });
    expect(mail.body).toContain('https://portal.example/validate?hash=Zx9_secret-1');
    expect(mail.body).toContain('482913');
    expect(text).toMatchObject({ to: '(860) 555-0142', attempts: 0, sentAt: null, failedAt: null, segments: 1 });
    expect(text.body).toContain('739104');
    expect(all[0]!.id).toBeGreaterThan(all[1]!.id);
    const recipient = await t.signIn(w.users.recipient.username);
    expect((await list('', recipient)).statusCode).toBe(403);
    expect((await list('', null)).statusCode).toBe(401);
    expect((await t.injectAs(recipient, { method: 'GET', url: '/admin-api/outbox/count' })).statusCode).toBe(403);
  });

  it('answers 404 to the webhook: there is no provider to sign it', async () => {
    expect((await reply(inbound('STOP'))).statusCode).toBe(404);
  });
});

describe('with providers (the delivery log)', () => {
  beforeAll(() => {
    t.config.sms = parseSmsUrl(fake.smsUrl());
    t.config.smtpUrl = 'smtp://127.0.0.1:1';
  });

  it('masks recipients and redacts codes and links in both channels', async () => {
    const all = await messages();
    const mail = all.find((m) => m.channel === 'email')!;
    const text = all.find((m) => m.channel === 'sms')!;
    expect(mail).toMatchObject({ to: 'j***@example.com', redacted: true, kind: 'activation' });
    expect(mail.body).toBe('Open [link] to activate. Your verification code is [redacted].');
    expect(text.to).toBe('***-***-0142');
    expect(text.body).toBe('Your MarketLink verification code is [redacted]. It expires in 10 minutes.');
    expect(JSON.stringify(all)).not.toMatch(/482913|739104|Zx9_secret|jane\.doe|555-0142\b/);
    const recipient = await t.signIn(w.users.recipient.username);
    expect((await list('', recipient)).statusCode).toBe(403);
  });

  it('filters by channel and status and pages', async () => {
    expect((await messages('?channel=sms')).map((m) => m.channel)).toEqual(['sms']);
    expect((await messages('?channel=email&status=queued')).map((m) => m.channel)).toEqual(['email']);
    expect(await messages('?status=sent')).toEqual([]);
    const [newest] = await messages('?limit=1');
    const [older] = await messages('?limit=1&page=1');
    expect(older!.id).toBeLessThan(newest!.id);
    const bad = await list('?status=lost');
    expect(bad.statusCode).toBe(400);
    const count = async (query: string) =>
      (await t.injectAs(w.tokens.platformAdmin, { method: 'GET', url: `/admin-api/outbox/count${query}` })).json();
    expect(await count('')).toEqual({ totalCount: 2, countCapped: false, redacted: true });
    expect(await count('?channel=sms&status=queued')).toEqual({ totalCount: 1, countCapped: false, redacted: true });
    expect(await count('?status=sent')).toEqual({ totalCount: 0, countCapped: false, redacted: true });
  });

  it('records a signed STOP: the next text is not sent and the preferences say so; START undoes it', async () => {
    expect(await preferencesOptedOut()).toBe(false);
    const stop = await reply(inbound('  stop '));
    expect(stop.statusCode).toBe(200);
    expect(stop.headers['content-type']).toMatch(/^text\/xml/);
    expect(stop.body).toContain('<Response/>');
    expect(await optOut()).toMatchObject({ keyword: 'STOP' });
    expect(await preferencesOptedOut()).toBe(true);

    const sms = twilioProvider(t.config.sms!);
    await deliverMessages(db(), { sms }, () => new Date('2026-12-02T10:01:00Z'));
    expect(fake.received).toHaveLength(0);
    const [held] = await messages('?channel=sms');
    expect(held).toMatchObject({ status: 'failed', lastError: 'opted out' });
    expect((await messages('?status=failed')).map((m) => m.id)).toContain(held!.id);

    expect((await reply(inbound('Start'))).statusCode).toBe(200);
    expect(await optOut()).toBeUndefined();
    expect(await preferencesOptedOut()).toBe(false);
    const ctx = { now: () => new Date('2026-12-02T10:02:00Z'), log: { info: () => undefined, warn: () => undefined } };
    const again = await queueMessage(db(), ctx as never, {
      channel: 'sms',
      to: '860-555-0142',
      subject: 'Benefit',
      body: 'Your benefit of $20.00 is available.',
      kind: 'benefit-issued',
    });
    await deliverMessages(db(), { sms }, () => new Date('2026-12-02T10:02:01Z'));
    expect(fake.received.map((r) => r.form.To)).toEqual(['+18605550142']);
    const [sent] = await db().select().from(outbox).where(eq(outbox.id, again));
    expect(sent).toMatchObject({ segments: 1 });
    expect((await messages('?status=sent'))[0]).toMatchObject({ id: again, status: 'sent', segments: 1 });
  });

  it('takes the Spanish keywords, ignores other replies, and refuses a bad signature (403) changing nothing', async () => {
    expect((await reply(inbound('PARAR'))).statusCode).toBe(200);
    expect(await optOut()).toMatchObject({ keyword: 'PARAR' });
    expect((await reply(inbound('Gracias'))).statusCode).toBe(200);
    expect(await optOut()).toMatchObject({ keyword: 'PARAR' });
    const forged = await reply(inbound('START'), 'not-the-token');
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ status: 403 });
    expect(await optOut()).toBeDefined();
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/sms/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(inbound('START')).toString(),
    });
    expect(unsigned.statusCode).toBe(403);
    expect(await optOut()).toBeDefined();
    expect((await reply(inbound('comenzar'))).statusCode).toBe(200);
    expect(await optOut()).toBeUndefined();
  });

  it('keeps the files of the delivery log in the database (attachment 404)', async () => {
    const res = await t.injectAs(w.tokens.platformAdmin, { method: 'GET', url: '/admin-api/outbox/1/attachments/1' });
    expect(res.statusCode).toBe(404);
  });
});
