import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SAMPLE_ACCOUNT_ID_PREFIX } from '@ebt/core/benefits';
import { recipientAccounts, users } from '../db/schema/index.js';
import { useDemoApp } from '../testing/demo-app.js';
import { loggedUrl, queryName, safeError } from './log-safety.js';

// docs/security.md "Logs": a run's log lines hold codes, route patterns and query names, never the e-mails, phones or
// names of the people in the data, even when a query fails with their values as its parameters.

const lines: string[] = [];
const demo = useDemoApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void lines.push(line) } });

describe('what a run of the product logs', () => {
  it('holds no e-mail, phone or name of the demo data after searches, exports, refusals and a failed query', async () => {
    const [person] = await demo.database.db
      .select()
      .from(recipientAccounts)
      .where(sql`${recipientAccounts.email} is not null and ${recipientAccounts.mobilePhone} is not null`)
      .limit(1);
    const staff = await demo.signIn('progadmin01');
    const searches = [
      `lastname=${person!.lastName}`,
      `email=${encodeURIComponent(person!.email!)}`,
      `mobilePhone=${person!.mobilePhone}`,
      `firstname=${person!.firstName}&lastname=${person!.lastName}`,
    ];
    for (const query of searches) {
      expect((await demo.injectAs(staff, { method: 'GET', url: `/account-api/account?${query}` })).statusCode).toBe(
        200,
      );
      await demo.injectAs(staff, { method: 'GET', url: `/account-api/account/export?${query}` });
    }
    await demo.injectAs(staff, {
      method: 'GET',
      url: `/benefit-api/benefit?lastname=${person!.lastName}&pageSize=10&page=0`,
    });
    // A wrong password for a person's e-mail typed as the username, and a forgot-username look-up of the e-mail.
    await demo.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: person!.email, password: 'wrong' },
    });
    await demo.app.inject({
      method: 'GET',
      url: `/user-api/user/forgot-username/${encodeURIComponent(person!.email!)}`,
    });

    // A query that fails with the person's values as its parameters (a trigger refuses every update).
    await demo.database.db.execute(
      sql.raw(
        `create function refuse_update() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`,
      ),
    );
    await demo.database.db.execute(
      sql.raw(
        'create trigger refuse_update before update on recipient_accounts for each row execute function refuse_update()',
      ),
    );
    try {
      const res = await demo.injectAs(staff, {
        method: 'PUT',
        url: '/account-api/account',
        payload: {
          accountUuid: person!.uuid,
          firstname: person!.firstName,
          lastname: person!.lastName,
          email: person!.email,
          mobilePhone: person!.mobilePhone,
          address1: person!.address1,
          stateCode: person!.stateCode,
          zipcode: person!.zipcode,
          city: 'Waterbury',
        },
      });
      expect(res.statusCode, res.body).toBe(500);
    } finally {
      await demo.database.db.execute(sql.raw('drop trigger refuse_update on recipient_accounts'));
      await demo.database.db.execute(sql.raw('drop function refuse_update()'));
    }

    const failure = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'request failed');
    expect(failure).toMatchObject({
      route: '/account-api/account',
      err: { code: 'P0001', query: expect.stringMatching(/recipient_accounts/) },
    });

    const people = [
      // The accounts made for the benefit sample ('Sample Recipient', decision 0117) name no one.
      ...(await demo.database.db.select().from(recipientAccounts)).filter(
        (a) => !a.recipientIdentifier.startsWith(SAMPLE_ACCOUNT_ID_PREFIX),
      ),
      ...(await demo.database.db.select().from(users)),
    ] as {
      email: string | null;
      firstName: string;
      lastName: string;
      mobilePhone?: string | null;
      mobile?: string | null;
    }[];
    const secrets = new Set<string>();
    for (const p of people) {
      if (p.email) secrets.add(p.email.toLowerCase());
      for (const phone of [p.mobilePhone, p.mobile]) if (phone && phone.length >= 7) secrets.add(phone);
      secrets.add(`${p.firstName} ${p.lastName}`.toLowerCase());
      if (p.lastName.length >= 5) secrets.add(p.lastName.toLowerCase());
    }
    const log = lines.join('').toLowerCase();
    expect(lines.length).toBeGreaterThan(10);
    expect([...secrets].filter((s) => log.includes(s))).toEqual([]);
    // One line a request: the route's pattern and the names of its query parameters, not their values.
    expect(log).toContain('"url":"/account-api/account?lastname=…"');
  }, 120_000);
});

describe('the pieces', () => {
  it('names a query by its verb and tables', () => {
    expect(queryName('update "recipient_accounts" set "email" = $1 where "id" = $2')).toBe('update recipient_accounts');
    expect(queryName('select "id" from "benefits" inner join "programs" on true')).toBe('select benefits,programs');
  });

  it('keeps a database error to its code and query name', () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "jane@example.com"'), {
      code: '22P02',
      routine: 'string_to_uuid',
    });
    const wrapped = Object.assign(new Error('Failed query: select 1 from "users"\nparams: jane@example.com'), {
      cause,
      query: 'select 1 from "users" where "uuid" = $1',
      params: ['jane@example.com'],
    });
    const logged = JSON.stringify(safeError(wrapped));
    expect(logged).not.toContain('jane');
    expect(safeError(wrapped)).toMatchObject({ code: '22P02', query: 'select users' });
  });

  it('shows a request by its route pattern and query names', () => {
    const request = (url: string, route?: string) =>
      ({ url, routeOptions: { url: route } }) as Parameters<typeof loggedUrl>[0];
    expect(loggedUrl(request('/account-api/account?email=a%40b.com&page=0', '/account-api/account'))).toBe(
      '/account-api/account?email=…&page=…',
    );
    expect(
      loggedUrl(request('/user-api/user/forgot-username/a%40b.com', '/user-api/user/forgot-username/:email')),
    ).toBe('/user-api/user/forgot-username/:email');
    expect(loggedUrl(request('/user-api/nothing/a%40b.com'))).toBe('/user-api/nothing/…');
  });
});
