import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXTERNAL_CARD_MESSAGES as M } from '@ebt/core/external-cards';
import { externalCards } from '../../db/schema/index.js';
import { encrypt, keyedHash } from '../../platform/crypto.js';
import { useTestApp } from '../../testing/app.js';
import { attach, type CardWorld, cardNumber, makeCardWorld } from '../../testing/external-cards.js';

// While a PAN key rotation runs (decision 0120) a card attached before it may still carry its number's hash under
// the previous key: the duplicate rule still sees it, by the number's hash under each key.

const OLD = randomBytes(32);
const NEW = randomBytes(32);
const t = useTestApp({ PAN_HMAC_KEY: NEW.toString('hex'), PAN_HMAC_PREVIOUS_KEYS: OLD.toString('hex') });
let w: CardWorld;
beforeAll(async () => {
  w = await makeCardWorld(t);
});

describe('attaching a card during a PAN key rotation', () => {
  it("refuses a number another person attached before the switch, whose hash is still the old key's", async () => {
    const pan = cardNumber();
    await t.database.db.insert(externalCards).values({
      accountId: w.accounts.a2.id,
      programId: w.programs.programA.id,
      panHash: keyedHash(pan, OLD),
      panEncrypted: encrypt(pan, t.config.encryptionKey),
      panLast4: pan.slice(-4),
      name: 'Their card',
      typeId: 1,
    });
    const payload = { pan, name: 'My SNAP card', programUuid: w.programs.programB.uuid, externalPanTypeId: 1 };
    const res = await attach(t, w.tokens.recipient, payload);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(M.DUPLICATE);
  });
});
