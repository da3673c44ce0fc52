import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { programs, recipientAccounts } from '../db/schema/index.js';
import { DEMO_PASSWORD, seedDemoData } from '../db/seed/index.js';
import { createTestDatabase } from '../testing/database.js';

// The sample files the upload pages offer (issue 12): imported into a fresh demo database as they are, every row is
// accepted. The benefit sample is built by the server from the caller's data (GET /benefit-api/benefit/file/sample);
// the account sample is a file of the web app (packages/web/public/samples) naming demo agencies and a demo account.

let database: Database;
let app: FastifyInstance;

async function signIn(username: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/authenticate',
    payload: { username, password: DEMO_PASSWORD },
  });
  return (res.json() as { token: string }).token;
}

function multipart(field: string, fileName: string, content: Buffer | string) {
  const boundary = '----sample-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ SEED: 'none', WEB_DIST_DIR: '/nonexistent' });
  await seedDemoData(database.db, { panHmacKey: config.hmacKey, dataEncryptionKey: config.encryptionKey });
  app = await buildApp({ config, database });
  await app.ready();
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('the sample files of the upload pages, imported into the demo data', () => {
  it.each(['progadmin01', 'agencyuser01'])('benefit file: built for %s, every row accepted', async (username) => {
    const token = await signIn(username);
    const sample = await app.inject({
      method: 'GET',
      url: '/benefit-api/benefit/file/sample',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(sample.statusCode, sample.body).toBe(200);
    expect(sample.headers['content-type']).toMatch(/^text\/csv/);
    const rows = sample.body.trim().split('\r\n').length - 1;
    expect(rows).toBeGreaterThanOrEqual(2);
    const { payload, headers } = multipart('benefitFile', 'benefit-file-sample.csv', sample.body);
    const res = await app.inject({
      method: 'POST',
      url: '/benefit-api/benefit/file',
      headers: { ...headers, authorization: `Bearer ${token}` },
      payload,
    });
    expect(res.json()).toMatchObject({ processed: rows, added: rows, rejected: 0, errors: [] });
  });

  it('account file: every row accepted in the program of its agencies', async () => {
    const content = await readFile(new URL('../../../web/public/samples/account-file-sample.csv', import.meta.url));
    const [account] = await database.db
      .select({ programId: recipientAccounts.programId })
      .from(recipientAccounts)
      .where(eq(recipientAccounts.recipientIdentifier, '10000001'));
    const [program] = await database.db
      .select({ uuid: programs.uuid })
      .from(programs)
      .where(and(eq(programs.id, account!.programId)));
    const { payload, headers } = multipart('accountFile', 'account-file-sample.csv', content);
    const res = await app.inject({
      method: 'POST',
      url: `/account-api/account/file/${program!.uuid}`,
      headers: { ...headers, authorization: `Bearer ${await signIn('progadmin01')}` },
      payload,
    });
    expect(res.json()).toMatchObject({ processed: 3, added: 2, updated: 1, rejected: 0, errors: [] });
  });
});
