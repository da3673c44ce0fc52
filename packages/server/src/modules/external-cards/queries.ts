import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { ACCOUNT_STATUS } from '@ebt/core/enums';
import type { AttachedCard } from '@ebt/core/external-cards';
import type { DbOrTx, Tx } from '../../db/client.js';
import { externalCards, programs, recipientAccounts } from '../../db/schema/index.js';
import { type Caller, scopeCondition } from '../../platform/caller.js';

// The SQL of the external card area (docs/decisions/0039-external-card-ownership.md). A recipient reads and changes
// only the cards of their own accounts (caller.accountIds: a card of another person answers 404 like a missing one);
// staff read one account's cards within their scope (agency staff: their agencies' accounts). The lists walk
// external_cards_account_id_idx; the duplicate look-up external_cards_pan_program_key by its leading pan_hash.

/** The columns every answer is made from: the card, its program, never the sealed number. */
const cardColumns = {
  id: externalCards.id,
  uuid: externalCards.uuid,
  accountId: externalCards.accountId,
  programId: externalCards.programId,
  panLast4: externalCards.panLast4,
  name: externalCards.name,
  typeId: externalCards.typeId,
  statusId: externalCards.statusId,
  programUuid: programs.uuid,
  programName: programs.name,
};

export interface CardRow {
  id: number;
  uuid: string;
  accountId: number;
  programId: number;
  panLast4: string;
  name: string;
  typeId: number;
  statusId: number;
  programUuid: string;
  programName: string;
}

/**
 * The cards of the recipient's own accounts that are not Deleted (status 2: the person is no longer in that program,
 * decision 0039); an Inactive account's cards still count.
 */
const ownCards = (accountIds: readonly number[]) =>
  accountIds.length
    ? sql`${inArray(externalCards.accountId, [...accountIds])} and exists (select 1 from ${recipientAccounts} where ${recipientAccounts.id} = ${externalCards.accountId} and ${recipientAccounts.statusId} <> ${ACCOUNT_STATUS.DELETED})`
    : sql`false`;

/** The recipient's cards in every program, by program and name, up to `limit`. */
export function listOwnCards(db: DbOrTx, accountIds: readonly number[], limit: number): Promise<CardRow[]> {
  return db
    .select(cardColumns)
    .from(externalCards)
    .innerJoin(programs, eq(programs.id, externalCards.programId))
    .where(ownCards(accountIds))
    .orderBy(asc(programs.name), asc(externalCards.name), asc(externalCards.id))
    .limit(limit);
}

/**
 * One account's cards as staff see them, in one statement: the account (by uuid, within the caller's scope) left
 * joined to its cards. No row: the account is missing or outside the scope (404); one row without a card: none.
 */
export async function listAccountCards(
  db: DbOrTx,
  caller: Caller,
  accountUuid: string,
  limit: number,
): Promise<{ found: boolean; cards: CardRow[] }> {
  const rows = await db
    .select({ accountId: recipientAccounts.id, card: cardColumns })
    .from(recipientAccounts)
    .leftJoin(externalCards, eq(externalCards.accountId, recipientAccounts.id))
    .leftJoin(programs, eq(programs.id, externalCards.programId))
    .where(
      and(
        eq(recipientAccounts.uuid, accountUuid),
        scopeCondition(caller, { programId: recipientAccounts.programId, agencyId: recipientAccounts.agencyId }),
      ),
    )
    .orderBy(asc(programs.name), asc(externalCards.name), asc(externalCards.id))
    .limit(limit);
  return {
    found: rows.length > 0,
    cards: rows.flatMap(({ card }) => (card.id === null ? [] : [card as CardRow])),
  };
}

/** One of the recipient's own cards by its uuid, or undefined (missing or another person's). */
export async function findOwnCard(
  db: DbOrTx,
  accountIds: readonly number[],
  cardUuid: string,
): Promise<CardRow | undefined> {
  const [row] = await db
    .select(cardColumns)
    .from(externalCards)
    .innerJoin(programs, eq(programs.id, externalCards.programId))
    .where(and(eq(externalCards.uuid, cardUuid), ownCards(accountIds)));
  return row;
}

/** The recipient's own card locked for a change (select … for update), with its keyed hash and sealed number. */
export async function lockOwnCard(
  tx: Tx,
  accountIds: readonly number[],
  cardUuid: string,
): Promise<(CardRow & { panHash: string; panEncrypted: string }) | undefined> {
  const [row] = await tx
    .select({ ...cardColumns, panHash: externalCards.panHash, panEncrypted: externalCards.panEncrypted })
    .from(externalCards)
    .innerJoin(programs, eq(programs.id, externalCards.programId))
    .where(and(eq(externalCards.uuid, cardUuid), ownCards(accountIds)))
    .for('update', { of: externalCards });
  return row;
}

/**
 * The recipient's own account in the program a request names, or undefined (not one of their programs, or their
 * account there is Deleted: they are no longer in it; an Inactive account still takes cards, decision 0039).
 */
export async function findOwnAccountInProgram(
  db: DbOrTx,
  accountIds: readonly number[],
  programUuid: string,
): Promise<{ accountId: number; programId: number; programUuid: string; programName: string } | undefined> {
  if (accountIds.length === 0) return undefined;
  const [row] = await db
    .select({
      accountId: recipientAccounts.id,
      programId: programs.id,
      programUuid: programs.uuid,
      programName: programs.name,
    })
    .from(recipientAccounts)
    .innerJoin(programs, eq(programs.id, recipientAccounts.programId))
    .where(
      and(
        inArray(recipientAccounts.id, [...accountIds]),
        eq(programs.uuid, programUuid),
        ne(recipientAccounts.statusId, ACCOUNT_STATUS.DELETED),
      ),
    )
    .orderBy(asc(recipientAccounts.id))
    .limit(1);
  return row;
}

// Any fixed number, apart from the other advisory locks (db/migrate.ts 728_463_001, recipients 728_463_010 with a
// second key, platform admins 728_463_020).
const EXTERNAL_CARD_NUMBER_LOCK = 728_463_018;

/**
 * Serialises every attach and edit of one card number until the transaction ends, on every instance: the check of
 * who holds the number and the write that follows it cannot interleave with another person's (decision 0039). The
 * second key is the first 32 bits of the keyed hash; two numbers sharing them only wait for each other.
 */
export async function lockCardNumber(tx: Tx, panHash: string): Promise<void> {
  const key = Number.parseInt(panHash.slice(0, 8), 16) | 0;
  await tx.execute(sql`select pg_advisory_xact_lock(${EXTERNAL_CARD_NUMBER_LOCK}::int4, ${key}::int4)`);
}

/**
 * Every card of this number, whoever attached it (taken under lockCardNumber, so the answer holds until commit), by its
 * hashes under the current PAN key and the previous ones (crypto.ts `lookupHashes`): during a PAN key rotation a card
 * attached before it may still have the old key's hash.
 */
export function cardsWithNumber(tx: Tx, panHashes: readonly string[]): Promise<AttachedCard[]> {
  return tx
    .select({
      accountId: externalCards.accountId,
      programId: externalCards.programId,
      externalCardId: externalCards.id,
    })
    .from(externalCards)
    .where(inArray(externalCards.panHash, [...panHashes]));
}
