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
  TERMINAL_MESSAGES,
} from '@ebt/core/terminals';
import type { DbOrTx } from '../../db/client.js';
import { merchants, merchantTerminals, users } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { merchantVisible } from './queries.js';
import { lockMerchant } from './writes.js';

// A merchant's point-of-sale terminals (issue 20 item 1; decision 0042): GET, POST and DELETE
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

/**
 * POST /merchant-api/merchant/{id}/terminals: a new terminal with a random id and secret. The merchant row is locked
 * while its active terminals are counted, so two issues at once cannot pass MAX_ACTIVE_TERMINALS; an id already taken
 * (1 in 2^60) is drawn again.
 */
export async function issueTerminal(
  context: RequestContext,
  merchantUuid: string,
  body: IssueTerminalBody,
): Promise<IssuedTerminal> {
  const ctx = requireCaller(context);
  const secret = randomBytes(32).toString('base64url');
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.db.transaction(async (tx) => {
        const merchant = await lockMerchant(tx, ctx.caller, merchantUuid.toLowerCase());
        if (!merchant) throw AppError.notFound(MERCHANT_MESSAGES.MERCHANT_NOT_FOUND);
        const [active] = await tx
          .select({ n: count() })
          .from(merchantTerminals)
          .where(and(eq(merchantTerminals.merchantId, merchant.id), isNull(merchantTerminals.revokedAt)));
        if ((active?.n ?? 0) >= MAX_ACTIVE_TERMINALS)
          throw AppError.conflict(ruleMessage(TERMINAL_MESSAGES.TOO_MANY_TERMINALS, { max: MAX_ACTIVE_TERMINALS }));
        const terminalCode = newTerminalCode();
        await tx.insert(merchantTerminals).values({
          merchantId: merchant.id,
          terminalCode,
          name: body.name,
          secretHash: terminalSecretHash(secret),
          createdBy: ctx.caller.userId,
          createdAt: ctx.now(),
        });
        await recordAudit(tx, ctx, {
          action: 'terminal_issue',
          entity: ENTITY,
          entityId: merchant.uuid,
          after: { terminalId: terminalCode, name: body.name },
        });
        return { message: TERMINAL_MESSAGES.TERMINAL_ISSUED, terminal: await readTerminal(tx, terminalCode), secret };
      });
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error, 'merchant_terminals_code_key')) continue;
      throw error;
    }
  }
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
    const ofMerchant = and(
      eq(merchantTerminals.merchantId, merchant.id),
      eq(merchantTerminals.terminalCode, terminalCode),
    );
    const [revoked] = await tx
      .update(merchantTerminals)
      .set({ revokedAt: ctx.now(), revokedBy: ctx.caller.userId })
      .where(and(ofMerchant, isNull(merchantTerminals.revokedAt)))
      .returning({ name: merchantTerminals.name });
    if (revoked) {
      await recordAudit(tx, ctx, {
        action: 'terminal_revoke',
        entity: ENTITY,
        entityId: merchant.uuid,
        before: { terminalId: terminalCode, revoked: false },
        after: { terminalId: terminalCode, revoked: true },
      });
      return { message: TERMINAL_MESSAGES.TERMINAL_REVOKED };
    }
    const [existing] = await tx.select({ id: merchantTerminals.id }).from(merchantTerminals).where(ofMerchant);
    if (!existing) throw AppError.notFound(TERMINAL_MESSAGES.TERMINAL_NOT_FOUND);
    return { message: TERMINAL_MESSAGES.TERMINAL_REVOKED };
  });
}
