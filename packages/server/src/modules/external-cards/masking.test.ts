import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { auditLog, externalCards } from '../../db/schema/index.js';
import type { TestApp } from '../../testing/app.js';
import { createTestDatabase } from '../../testing/database.js';
import { DEFAULT_PASSWORD } from '../../testing/factories.js';
import { cardNumber, failingLuhn, makeCardWorld } from '../../testing/external-cards.js';

// Issue 18: "only the masked form ever leaves the server" and "no answer or log line contains an external PAN
// unmasked". Every route of the area is called, on its way through and on each refusal (a failed Luhn check, a name
// holding part of the number, a duplicate, a number of another person, a query that fails with the number among its
// parameters), with the product's logger at its most talkative level; then every answer (status line, headers, body),
// every log line and every audit row is searched for each number sent, whole and for the digits the mask hides.

const lines: string[] = [];
const answers: string[] = [];
const t = {} as TestApp;

beforeAll(async () => {
  const database = await createTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'trace', SEED: 'none', WEB_DIST_DIR: '/nonexistent' });
  const app = await buildApp({ config, database, logStream: { write: (line) => void lines.push(line) } });
  await app.ready();
  const inject = async (options: InjectOptions) => {
    const res = await app.inject(options);
    answers.push(`${res.statusCode} ${JSON.stringify(res.headers)}\n${res.body}`);
    return res;
  };
  Object.assign(t, {
    app,
    database,
    async signIn(username: string, password = DEFAULT_PASSWORD) {
      const res = await inject({ method: 'POST', url: '/api/authenticate', payload: { username, password } });
      return (res.json() as { token: string }).token;
    },
    injectAs: (token: string | null, options: InjectOptions) =>
      inject({
        ...options,
        headers: { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }),
  });
});

afterAll(async () => {
  await t.app?.close();
  await t.database?.close();
});

describe('external card numbers', () => {
  it('never leave the server unmasked: not in any answer, log line or audit row', async () => {
    const w = await makeCardWorld(t);
    const sent: string[] = [];
    const pan = (length = 16) => {
      const value = cardNumber(length);
      sent.push(value);
      return value;
    };
    const call = (token: string, method: InjectOptions['method'], url: string, payload?: object) =>
      t.injectAs(token, { method, url, ...(payload ? { payload } : {}) });
    const programA = w.programs.programA.uuid;
    const programB = w.programs.programB.uuid;
    const card = (number: string, programUuid = programA, name = 'My card') => ({
      pan: number,
      name,
      programUuid,
      externalPanTypeId: 1,
    });

    // Attach, list, read (the recipient), the staff view.
    const first = pan();
    const attach = await call(w.tokens.recipient, 'POST', '/account-api/external-pan', card(first));
    expect(attach.statusCode).toBe(201);
    const id = (attach.json() as { externalPanId: string }).externalPanId;
    expect(
      (await call(w.tokens.recipient, 'POST', '/account-api/external-pan', card(pan(19), programB))).statusCode,
    ).toBe(201);
    expect((await call(w.tokens.recipient, 'GET', '/account-api/external-pan/all')).statusCode).toBe(200);
    expect((await call(w.tokens.recipient, 'GET', `/account-api/external-pan/${id}`)).statusCode).toBe(200);
    expect(
      (await call(w.tokens.agencyUserA1, 'GET', `/account-api/external-pan/all/${w.accounts.a1.uuid}`)).statusCode,
    ).toBe(200);

    // Refusals that carry a number: Luhn, length, the name rule, duplicates, another person's number, staff.
    // Names that write the number out with separators: refused, so never stored, answered or audited (decision 0038).
    const numberNames = [pan(), pan(19)].flatMap((number) =>
      [
        number.match(/.{1,4}/g)!.join(' '),
        number.match(/.{1,4}/g)!.join('-'),
        `card ${number.slice(0, 13)}`,
        `${number.slice(0, 13)}.`,
      ].map((name) => ({ number, name })),
    );
    const refused = [
      card(failingLuhn(pan())),
      card(pan(15)),
      card(pan(20)),
      card(first, programA, `x${first.slice(0, 4)}`),
      ...numberNames.map(({ number, name }) => card(number, programA, name)),
    ];
    for (const body of refused)
      expect((await call(w.tokens.recipient, 'POST', '/account-api/external-pan', body)).statusCode).toBe(400);
    expect((await call(w.tokens.recipient, 'POST', '/account-api/external-pan', card(first))).statusCode).toBe(409);
    expect((await call(w.tokens.otherRecipient, 'POST', '/account-api/external-pan', card(first))).statusCode).toBe(
      409,
    );
    expect((await call(w.tokens.programAdminA, 'POST', '/account-api/external-pan', card(pan()))).statusCode).toBe(403);

    // Edits: keep, replace, a bad number, another person's number, a name holding the stored number's digits.
    const edit = { name: 'Renamed', externalPanTypeId: 2, externalPanStatusId: 2 };
    expect((await call(w.tokens.recipient, 'PUT', `/account-api/external-pan/${id}`, edit)).statusCode).toBe(200);
    const replaced = pan(19);
    expect(
      (await call(w.tokens.recipient, 'PUT', `/account-api/external-pan/${id}`, { ...edit, pan: replaced })).statusCode,
    ).toBe(200);
    expect(
      (await call(w.tokens.recipient, 'PUT', `/account-api/external-pan/${id}`, { ...edit, pan: failingLuhn(pan()) }))
        .statusCode,
    ).toBe(400);
    const theirs = pan();
    expect((await call(w.tokens.otherRecipient, 'POST', '/account-api/external-pan', card(theirs))).statusCode).toBe(
      201,
    );
    expect(
      (await call(w.tokens.recipient, 'PUT', `/account-api/external-pan/${id}`, { ...edit, pan: theirs })).statusCode,
    ).toBe(409);
    expect(
      (
        await call(w.tokens.recipient, 'PUT', `/account-api/external-pan/${id}`, {
          ...edit,
          name: `n${replaced.slice(3, 7)}`,
        })
      ).statusCode,
    ).toBe(400);

    // A query that fails with the sealed number among its parameters: the log names the query, never its values.
    await t.database.db.execute(
      sql.raw(
        `create function refuse_card() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`,
      ),
    );
    await t.database.db.execute(
      sql.raw('create trigger refuse_card before insert on external_cards for each row execute function refuse_card()'),
    );
    try {
      expect((await call(w.tokens.recipient, 'POST', '/account-api/external-pan', card(pan()))).statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger refuse_card on external_cards'));
      await t.database.db.execute(sql.raw('drop function refuse_card()'));
    }

    expect((await call(w.tokens.recipient, 'DELETE', `/account-api/external-pan/${id}`)).statusCode).toBe(204);

    // The run logged and answered something: the scan below reads real output.
    expect(lines.some((line) => line.includes('/account-api/external-pan'))).toBe(true);
    expect(lines.some((line) => line.includes('request failed'))).toBe(true);
    expect(answers.some((answer) => answer.includes(`"pan":"*${first.slice(-4)}"`))).toBe(true);
    const audits = JSON.stringify(await t.database.db.select().from(auditLog));
    const stored = JSON.stringify(await t.database.db.select().from(externalCards));
    for (const { name } of numberNames) {
      expect(
        answers.filter((a) => a.includes(name)),
        `an answer holds ${name}`,
      ).toEqual([]);
      expect(audits.includes(name), `an audit row holds ${name}`).toBe(false);
      expect(stored.includes(name), `a card row holds ${name}`).toBe(false);
    }
    for (const number of sent) {
      // The whole number and the digits the mask hides (all but the last four).
      for (const needle of [number, number.slice(0, -4)]) {
        expect(
          answers.filter((a) => a.includes(needle)),
          `an answer holds ${needle}`,
        ).toEqual([]);
        expect(
          lines.filter((l) => l.includes(needle)),
          `a log line holds ${needle}`,
        ).toEqual([]);
        expect(audits.includes(needle), `an audit row holds ${needle}`).toBe(false);
        expect(stored.includes(needle), `a card row holds ${needle} in clear`).toBe(false);
      }
    }
  });
});
