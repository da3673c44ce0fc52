import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ruleMessage } from '@ebt/core/messages';
import { MERCHANT_MESSAGES } from '@ebt/core/merchants';
import {
  type IssuedTerminal,
  type IssueTerminalBody,
  MAX_ACTIVE_TERMINALS,
  type Terminal,
  type TerminalKind,
  TERMINAL_MESSAGES,
} from '@ebt/core/terminals';
import type { DbOrTx } from '../../db/client.js';
import { merchants, merchantTerminals, users } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { merchantVisible } from './queries.js';
import { lockMerchant } from './writes.js';

// A merchant's point-of-sale terminals (decision 0042): GET, POST and DELETE
// /merchant-api/merchant/{id}/terminals. MERCHANT_UPDATE (the routes declare it) and a merchant in the caller's
// scope (404 like a missing one, decision 0020). A terminal's secret is shown once, in the answer that issues it,
// and kept only as its SHA-256; revoking is final and takes effect on the engine's next request.

const ENTITY = 'merchant';
/** Crockford's base32: no I, L, O or U, so a terminal id read aloud or typed into a device is not mistaken. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function newTerminalCode(): string {
  let code = '';
  for (let i = 0; i < 12; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The hash a terminal's secret is stored and checked as (the engine's HTTP Basic check uses the same). */
export const terminalSecretHash = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

const issuer = alias(users, 'issuer');
const revoker = alias(users, 'revoker');

function terminalFields() {
  return {
    terminalId: merchantTerminals.terminalCode,
    kind: merchantTerminals.kind,
    name: merchantTerminals.name,
    issuedAt: merchantTerminals.createdAt,
    issuedBy: issuer.username,
    lastUsedAt: merchantTerminals.lastUsedAt,
    revokedAt: merchantTerminals.revokedAt,
    revokedBy: revoker.username,
  };
}

type TerminalRecord = {
  terminalId: string | null;
  kind: string | null;
  name: string | null;
  issuedAt: Date | null;
  issuedBy: string | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  revokedBy: string | null;
};

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

function toTerminal(r: TerminalRecord): Terminal {
  return {
    terminalId: r.terminalId!,
    kind: r.kind as TerminalKind,
    name: r.name!,
    issuedAt: r.issuedAt!.toISOString(),
    issuedBy: r.issuedBy,
    lastUsedAt: iso(r.lastUsedAt),
    revokedAt: iso(r.revokedAt),
    revokedBy: r.revokedBy,
  };
}

/**
 * GET /merchant-api/merchant/{id}/terminals: active ones first, then revoked, newest first within each. One
 * statement: the merchant in scope left-joined to its terminals, so a merchant without terminals is one row of nulls
 * and a merchant out of scope no row (404).
 */
export async function listTerminals(context: RequestContext, merchantUuid: string): Promise<Terminal[]> {
  const ctx = requireCaller(context);
  const rows = await ctx.db
    .select({ merchantId: merchants.id, ...terminalFields() })
    .from(merchants)
    .leftJoin(merchantTerminals, eq(merchantTerminals.merchantId, merchants.id))
    .leftJoin(issuer, eq(issuer.id, merchantTerminals.createdBy))
    .leftJoin(revoker, eq(revoker.id, merchantTerminals.revokedBy))
    .where(and(eq(merchants.uuid, merchantUuid.toLowerCase()), merchantVisible(ctx.db, ctx.caller)))
    .orderBy(sql`${merchantTerminals.revokedAt} is not null`, desc(merchantTerminals.createdAt));
  if (rows.length === 0) throw AppError.notFound(MERCHANT_MESSAGES.MERCHANT_NOT_FOUND);
  return rows.filter((r) => r.terminalId !== null).map(toTerminal);
}

async function readTerminal(db: DbOrTx, terminalCode: string) {
  const [row] = await db
    .select(terminalFields())
    .from(merchantTerminals)
    .leftJoin(issuer, eq(issuer.id, merchantTerminals.createdBy))
    .leftJoin(revoker, eq(revoker.id, merchantTerminals.revokedBy))
    .where(eq(merchantTerminals.terminalCode, terminalCode));
  return toTerminal(row!);
}

/** The merchant a terminal is added to or revoked from, locked by the caller's own rule of scope. */
export type LockTerminalMerchant = (tx: DbOrTx) => Promise<{ id: number; uuid: string } | undefined>;

/**
 * A new terminal of a merchant with a random id and secret, as staff issue one and a farmer user registers a phone
 * (kind 'phone'). The merchant row is locked (by `lock`, which applies the caller's scope: undefined answers 404)
 * while its active terminals are counted, so two at once cannot pass MAX_ACTIVE_TERMINALS; an id already taken
 * (1 in 2^60) is drawn again. Audited as `action` on the merchant.
 */
export async function addTerminal(
  ctx: CallerContext,
  lock: LockTerminalMerchant,
  terminal: { name: string; kind: TerminalKind; action: string },
): Promise<{ terminalCode: string; secret: string; merchantUuid: string; createdAt: Date }> {
  const secret = randomBytes(32).toString('base64url');
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.db.transaction(async (tx) => {
        const merchant = await lock(tx);
        if (!merchant) throw AppError.notFound(MERCHANT_MESSAGES.MERCHANT_NOT_FOUND);
        const [active] = await tx
          .select({ n: count() })
          .from(merchantTerminals)
          .where(and(eq(merchantTerminals.merchantId, merchant.id), isNull(merchantTerminals.revokedAt)));
        if ((active?.n ?? 0) >= MAX_ACTIVE_TERMINALS)
          throw AppError.conflict(ruleMessage(TERMINAL_MESSAGES.TOO_MANY_TERMINALS, { max: MAX_ACTIVE_TERMINALS }));
        const terminalCode = newTerminalCode();
        const createdAt = ctx.now();
        await tx.insert(merchantTerminals).values({
          merchantId: merchant.id,
          terminalCode,
          name: terminal.name,
          kind: terminal.kind,
          secretHash: terminalSecretHash(secret),
          createdBy: ctx.caller.userId,
          createdAt,
        });
        await recordAudit(tx, ctx, {
          action: terminal.action,
          entity: ENTITY,
          entityId: merchant.uuid,
          after:
            terminal.kind === 'terminal'
              ? { terminalId: terminalCode, name: terminal.name }
              : { terminalId: terminalCode, name: terminal.name, kind: terminal.kind },
        });
        return { terminalCode, secret, merchantUuid: merchant.uuid, createdAt };
      });
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error, 'merchant_terminals_code_key')) continue;
      throw error;
    }
  }
}

/** POST /merchant-api/merchant/{id}/terminals: staff issue a terminal (MERCHANT_UPDATE, a merchant in scope). */
export async function issueTerminal(
  context: RequestContext,
  merchantUuid: string,
  body: IssueTerminalBody,
): Promise<IssuedTerminal> {
  const ctx = requireCaller(context);
  const added = await addTerminal(ctx, (tx) => lockMerchant(tx, ctx.caller, merchantUuid.toLowerCase()), {
    name: body.name,
    kind: 'terminal',
    action: 'terminal_issue',
  });
  return {
    message: TERMINAL_MESSAGES.TERMINAL_ISSUED,
    terminal: await readTerminal(ctx.db, added.terminalCode),
    secret: added.secret,
  };
}

/**
 * Revokes a terminal of the locked merchant (of `kind` only, when given): final, and the engine reads revoked_at on
 * every request. Revoking a revoked one changes nothing and answers true; false when the merchant has no such
 * terminal. Audited as `action` on the merchant.
 */
export async function revokeTerminalOf(
  tx: DbOrTx,
  ctx: CallerContext,
  merchant: { id: number; uuid: string },
  terminalCode: string,
  options: { action: string; kind?: TerminalKind },
): Promise<boolean> {
  const ofMerchant = and(
    eq(merchantTerminals.merchantId, merchant.id),
    eq(merchantTerminals.terminalCode, terminalCode),
    options.kind === undefined ? undefined : eq(merchantTerminals.kind, options.kind),
  );
  const [revoked] = await tx
    .update(merchantTerminals)
    .set({ revokedAt: ctx.now(), revokedBy: ctx.caller.userId })
    .where(and(ofMerchant, isNull(merchantTerminals.revokedAt)))
    .returning({ name: merchantTerminals.name });
  if (revoked) {
    await recordAudit(tx, ctx, {
      action: options.action,
      entity: ENTITY,
      entityId: merchant.uuid,
      before: { terminalId: terminalCode, revoked: false },
      after: { terminalId: terminalCode, revoked: true },
    });
    return true;
  }
  const [existing] = await tx.select({ id: merchantTerminals.id }).from(merchantTerminals).where(ofMerchant);
  return existing !== undefined;
}

/**
 * DELETE /merchant-api/merchant/{id}/terminals/{terminalId}: the terminal stops working at once (the engine reads
 * revoked_at on every request). Revoking a revoked terminal answers the same and changes nothing; a terminal of
 * another merchant is not found.
 */
export async function revokeTerminal(
  context: RequestContext,
  merchantUuid: string,
  terminalCode: string,
): Promise<{ message: string }> {
  const ctx = requireCaller(context);
  return ctx.db.transaction(async (tx) => {
    const merchant = await lockMerchant(tx, ctx.caller, merchantUuid.toLowerCase());
    if (!merchant) throw AppError.notFound(MERCHANT_MESSAGES.MERCHANT_NOT_FOUND);
    if (!(await revokeTerminalOf(tx, ctx, merchant, terminalCode, { action: 'terminal_revoke' })))
      throw AppError.notFound(TERMINAL_MESSAGES.TERMINAL_NOT_FOUND);
    return { message: TERMINAL_MESSAGES.TERMINAL_REVOKED };
  });
}
