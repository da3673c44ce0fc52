import { createHash } from 'node:crypto';
import type { Tx } from '../db/client.js';
import { merchantTerminals, merchantUsers } from '../db/schema/index.js';
import { DEMO_FARMER, DEMO_TERMINAL, type World } from './model.js';

/**
 * The demo terminal (DEMO_TERMINAL) at the merchant nearest recipient01 in the SNAP-incentive program, its secret
 * stored as the product stores every terminal secret: its SHA-256 (decision 0042; modules/merchants/terminals.ts
 * terminalSecretHash). The demo farmer user (DEMO_FARMER) sells for that merchant.
 */
export async function seedDemoTerminal(tx: Tx, w: World): Promise<void> {
  const merchantIdx = w.account[w.r01b]!.favoriteMerchants[0];
  if (merchantIdx === undefined) return;
  await tx.insert(merchantTerminals).values({
    merchantId: w.merchant[merchantIdx]!.id,
    terminalCode: DEMO_TERMINAL.terminalId,
    name: 'Demo card reader',
    secretHash: createHash('sha256').update(DEMO_TERMINAL.secret, 'utf8').digest('hex'),
    createdAt: w.now,
  });
  // The demo farmer user sells for the same merchant.
  const farmer = w.user.find((u) => u.username === DEMO_FARMER);
  if (farmer)
    await tx
      .insert(merchantUsers)
      .values({ userId: farmer.id, merchantId: w.merchant[merchantIdx]!.id, createdAt: w.now });
}
