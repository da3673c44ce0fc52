import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programPan } from '@ebt/core/pans';
import type { Database } from '../../db/client.js';
import { keyedHash, seal } from '../../platform/crypto.js';
import { createTestDatabase } from '../../testing/database.js';
import { makeProgram, makeRecipient } from '../../testing/factories.js';
import { insertPans, type PanTemplate } from './queries.js';

// A card number is drawn once for good (decision 0035), also while a PAN key rotation runs (decision 0120): a number
// taken before may still carry its hash under the previous key, which the unique index on pan_hash cannot see.

const OLD = randomBytes(32);
const NEW = randomBytes(32);
const ENCRYPTION = randomBytes(32);

let database: Database;
let template: PanTemplate;
let prefix: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const program = await makeProgram(database.db, {
    bin: String(randomInt(100_000, 999_999)),
    seriesNbr: String(randomInt(100, 999)),
  });
  const account = await makeRecipient(database.db, { program });
  prefix = `${program.bin}${program.seriesNbr}`;
  template = {
    programId: program.id,
    accountId: account.id,
    panTypeId: 1,
    panStatusId: 0,
    activeDate: '2026-01-01',
    expirationDate: '2030-12-31',
    at: new Date(),
  };
});
afterAll(async () => {
  await database.close();
});

describe('insertPans during a PAN key rotation', () => {
  it('skips a number whose hash under a previous key is taken, and inserts one that is free under every key', async () => {
    const taken = programPan(prefix, '000000042');
    expect(
      await insertPans(database.db, template, [seal(taken, { hmacKey: OLD, encryptionKey: ENCRYPTION })]),
    ).toHaveLength(1);

    const underNew = (pan: string) => ({
      ...seal(pan, { hmacKey: NEW, encryptionKey: ENCRYPTION }),
      previousHashes: [keyedHash(pan, OLD)],
    });
    const free = programPan(prefix, '000000043');
    const inserted = await insertPans(database.db, template, [underNew(taken), underNew(free)]);
    expect(inserted.map((r) => r.panHash)).toEqual([keyedHash(free, NEW)]);
  });
});
