import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { merchantAddresses, merchantBankAccounts, merchantPrograms, merchants } from '../db/schema/index.js';
import { seal } from '../platform/crypto.js';

// Merchant rows for the merchant tests: a merchant with its three addresses, an optional bank account and its
// program mappings. Tax id and bank numbers are sealed as the seed seals them (ciphertext and last four).

const keys = { hmacKey: randomBytes(32), encryptionKey: randomBytes(32) };
let sequence = 0;

export interface MakeMerchantOptions extends Partial<typeof merchants.$inferInsert> {
  programs?: { id: number; mappingStatusId?: number }[];
  taxId?: string | null;
  bank?: { accountNumber: string; routingNumber: string } | null;
  city?: string;
}

export async function makeMerchant(db: DbOrTx, options: MakeMerchantOptions = {}) {
  const {
    programs = [],
    taxId = '123456789',
    bank = { accountNumber: '000111222333', routingNumber: '021000021' },
    city = 'Hartford',
    ...overrides
  } = options;
  const n = ++sequence;
  const sealedTax = taxId === null ? null : seal(taxId, keys);
  const [row] = await db
    .insert(merchants)
    .values({
      uuid: randomUUID(),
      merchantIdentifier: `MT${n}-${randomUUID().slice(0, 8)}`,
      name: `Merchant ${n}`,
      email: `merchant-${n}@example.com`,
      businessPhone: '8605550100',
      mobilePhone: '8605550101',
      taxIdEncrypted: sealedTax?.encrypted ?? null,
      taxIdLast4: sealedTax?.last4 ?? null,
      taxClassId: 6,
      tinTypeId: 2,
      ...overrides,
    })
    .returning();
  const merchant = row!;
  const address = { merchantId: merchant.id, address1: `${n} Main Street`, city, stateCode: 'CT', zipcode: '06103' };
  await db.insert(merchantAddresses).values([
    { ...address, kind: 'registered' },
    { ...address, kind: 'mailing', address1: `PO Box ${n}` },
    { ...address, kind: 'physical' },
  ]);
  if (bank) {
    const account = seal(bank.accountNumber, keys);
    const routing = seal(bank.routingNumber, keys);
    await db.insert(merchantBankAccounts).values({
      uuid: randomUUID(),
      merchantId: merchant.id,
      bankName: 'First Test Bank',
      accountNumberEncrypted: account.encrypted,
      accountNumberLast4: account.last4,
      routingNumberEncrypted: routing.encrypted,
      routingNumberLast4: routing.last4,
      accountTypeId: 0,
      firstName: 'Dana',
      lastName: 'Holder',
    });
  }
  if (programs.length)
    await db
      .insert(merchantPrograms)
      .values(programs.map((p) => ({ merchantId: merchant.id, programId: p.id, statusId: p.mappingStatusId ?? 0 })));
  // The row as it now stands: the mapping trigger has filled program_ids (decision 0026).
  const [saved] = await db.select().from(merchants).where(eq(merchants.id, merchant.id));
  return saved!;
}

let formSequence = 0;
/** A merchant form every B§5 rule accepts: a fresh Merchant ID, phones with separators, the registered address only. */
export function validMerchantForm() {
  const n = ++formSequence;
  return {
    merchantIdentifier: `NEW${n}-${randomUUID().slice(0, 8)}`,
    merchantName: `Orchard Stand ${n}`,
    fnsNumber: '1234567',
    email: `orchard-${n}@example.com`,
    businessPhone: '(860) 555-0199',
    mobilePhone: '860.555.0198',
    taxId: '123456789',
    taxClassId: 2,
    tinTypeId: 2,
    addressInfo: { addressOne: '12 Elm Street', addressTwo: '', city: 'Hartford', stateCode: 'ct', zipcode: '06103' },
    mailingAddress: null,
    physicalAddress: null,
  };
}
