import { and, eq, sql } from 'drizzle-orm';
import type { MerchantAddressInput } from '@ebt/core/merchants';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { merchantAddresses, merchantBankAccounts, merchantPrograms, merchants } from '../../db/schema/index.js';
import type { Caller } from '../../platform/caller.js';
import { locateAddresses, placeStreets } from './coordinates.js';
import { findMerchant, merchantAddressRows } from './queries.js';

// The SQL of the merchant write side (docs/decisions/0021). Every change locks the merchant's row first, so two
// changes of one merchant run one after the other and each audits the state it changed.

/** The merchant in the caller's scope, its row locked for the transaction; undefined when missing or out of scope. */
export async function lockMerchant(tx: DbOrTx, caller: Caller, merchantUuid: string) {
  const merchant = await findMerchant(tx, caller, merchantUuid);
  if (!merchant) return undefined;
  await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchant.id)).for('update');
  // Read again under the lock: a change committed between the two reads is what this one starts from.
  return findMerchant(tx, caller, merchantUuid);
}

export type LockedMerchant = NonNullable<Awaited<ReturnType<typeof lockMerchant>>>;

/** The merchant as the audit holds it: never a tax id or bank number (the tax id is left out, not masked). */
export async function merchantAuditView(db: DbOrTx, merchant: LockedMerchant) {
  const addresses = await merchantAddressRows(db, merchant.id);
  const { id: _id, uuid: _uuid, taxIdLast4: _taxIdLast4, ...fields } = merchant;
  return { ...fields, addresses: Object.fromEntries(addresses.map(({ kind, ...a }) => [kind, a])) };
}

/** Whether another merchant holds the identifier (the unique index stays the last word). */
export async function identifierTaken(tx: DbOrTx, merchantIdentifier: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.merchantIdentifier, merchantIdentifier))
    .limit(1);
  return row !== undefined && row.id !== exceptId;
}

type FormAddresses = Record<'registered' | 'mailing' | 'physical', MerchantAddressInput>;

/** The form's three addresses with the street geocoder's points (coordinates.ts placeStreets), before the transaction. */
export async function placeFormAddresses(ctx: { db: DbOrTx; config: Config }, addresses: FormAddresses) {
  const kinds = Object.keys(addresses) as (keyof FormAddresses)[];
  const placed = await placeStreets(
    ctx,
    kinds.map((kind) => addresses[kind]),
  );
  return Object.fromEntries(kinds.map((kind, i) => [kind, placed[i]!])) as FormAddresses;
}

/**
 * Replaces the merchant's three addresses, each placed by coordinates.ts (given pair, else its ZIP's centroid), and
 * puts the physical address's coordinates on the merchant row, where the locator's index finds them (decision 0022).
 */
export async function saveAddresses(
  tx: DbOrTx,
  merchantId: number,
  addresses: Record<'registered' | 'mailing' | 'physical', MerchantAddressInput>,
) {
  const kinds = Object.keys(addresses) as (keyof typeof addresses)[];
  const located = await locateAddresses(
    tx,
    kinds.map((kind) => addresses[kind]),
  );
  await tx.delete(merchantAddresses).where(eq(merchantAddresses.merchantId, merchantId));
  await tx.insert(merchantAddresses).values(
    located.map((a, i) => ({
      merchantId,
      kind: kinds[i]!,
      address1: a.addressOne,
      address2: a.addressTwo || null,
      city: a.city,
      stateCode: a.stateCode,
      zipcode: a.zipcode,
      latitude: a.latitude?.toString() ?? null,
      longitude: a.longitude?.toString() ?? null,
    })),
  );
  const physical = located[kinds.indexOf('physical')];
  await tx
    .update(merchants)
    .set({ latitude: physical?.latitude?.toString() ?? null, longitude: physical?.longitude?.toString() ?? null })
    .where(eq(merchants.id, merchantId));
}

/** The bank row as the audit may hold it: no number, only its masked last four. */
export async function bankAuditView(tx: DbOrTx, merchantId: number) {
  const [row] = await tx
    .select({
      bankName: merchantBankAccounts.bankName,
      accountMasked: sql<string | null>`'****' || ${merchantBankAccounts.accountNumberLast4}`,
      routingMasked: sql<string | null>`'****' || ${merchantBankAccounts.routingNumberLast4}`,
      bankAccountType: merchantBankAccounts.accountTypeId,
      firstName: merchantBankAccounts.firstName,
      middleName: merchantBankAccounts.middleName,
      lastName: merchantBankAccounts.lastName,
    })
    .from(merchantBankAccounts)
    .where(eq(merchantBankAccounts.merchantId, merchantId))
    .limit(1);
  return row ?? null;
}

/** The mapping of a merchant to a program, locked; undefined when there is none. */
export async function lockMapping(tx: DbOrTx, merchantId: number, programId: number) {
  const [row] = await tx
    .select({ statusId: merchantPrograms.statusId })
    .from(merchantPrograms)
    .where(and(eq(merchantPrograms.merchantId, merchantId), eq(merchantPrograms.programId, programId)))
    .for('update');
  return row;
}
