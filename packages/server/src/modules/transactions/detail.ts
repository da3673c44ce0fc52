import { toCents } from '@ebt/core/format';
import {
  RECENT_TRANSACTIONS_LIMIT,
  TRANSACTION_MESSAGES,
  type TransactionDetail,
  type TransactionSearchPage,
} from '@ebt/core/transactions';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { findTransactionDetail, recentTransactions, type TransactionDetailRecord } from './queries.js';
import { toSearchRow } from './search.js';

// GET /transaction-api/transactions/{id} and …/currentuser/{programUuid} (part 2 §7 "Transactions (detail)";
// resolution 11; decision 0034). Staff see the whole row; a recipient sees their own transactions without the
// staff-only fields (the internal id, terminal id, acquiring institution code, Merchant ID). Card numbers are
// answered from their stored last four: no answer carries a full PAN.

const dollars = (value: string | number | null | undefined) =>
  value === null || value === undefined ? null : toCents(value) / 100;
const instant = (value: string | Date) => new Date(value).toISOString();

export function toTransactionDetail(r: TransactionDetailRecord, staff: boolean): TransactionDetail {
  const { trx } = r;
  const latitude = trx.latitude === null ? null : Number(trx.latitude);
  const longitude = trx.longitude === null ? null : Number(trx.longitude);
  const hasPlace = latitude !== null && longitude !== null && Number.isFinite(latitude) && Number.isFinite(longitude);
  return {
    trxUuid: trx.uuid,
    trxDatetime: trx.trxDatetime.toISOString(),
    traceNumber: trx.traceNumber,
    transactionId: staff ? trx.id : null,
    apiVersion: trx.apiVersion,
    trxTypeId: trx.trxTypeId,
    trxType: r.trxType,
    reqAmt: dollars(trx.reqAmt) ?? 0,
    respCodeId: trx.respCodeId,
    responseCode: r.responseCode,
    responseText: r.responseText,
    settleDate: trx.settleDate,
    settleAmt: dollars(trx.settleAmt),
    authNumber: trx.authNumber,
    mcc: trx.mcc,
    terminalId: staff ? trx.terminalId : null,
    panEntryMode: trx.panEntryMode,
    posConditionCode: trx.posConditionCode,
    aiCode: staff ? trx.aiCode : null,
    programUuid: r.programUuid,
    programId: trx.programId,
    programName: r.programName,
    pan: r.panLast4 ? `*${r.panLast4}` : null,
    recipient:
      r.accountUuid && r.recipientIdentifier !== null
        ? {
            accountUuid: r.accountUuid,
            recipientIdentifier: r.recipientIdentifier,
            firstname: r.firstname ?? '',
            lastname: r.lastname ?? '',
          }
        : null,
    startBalance: dollars(trx.startBalance),
    endBalance: dollars(trx.endBalance),
    incentiveEarned: r.incentiveEarned ?? null,
    benefits: (r.benefits ?? []).map((b) => ({
      benefitUuid: b.benefitUuid,
      authorizationNumber: b.authorizationNumber,
      amount: dollars(b.amount) ?? 0,
    })),
    reversalOf:
      r.originalUuid && r.originalDatetime
        ? {
            trxUuid: r.originalUuid,
            trxDatetime: r.originalDatetime.toISOString(),
            trxType: r.originalType ?? '',
            reqAmt: dollars(r.originalReqAmt) ?? 0,
          }
        : null,
    reversedBy: r.reversedBy
      ? {
          trxUuid: r.reversedBy.trxUuid,
          trxDatetime: instant(r.reversedBy.trxDatetime),
          trxType: r.reversedBy.trxType,
          reqAmt: dollars(r.reversedBy.reqAmt) ?? 0,
        }
      : null,
    merchant:
      r.merchantUuid && r.merchantName !== null
        ? {
            merchantUuid: r.merchantUuid,
            merchantName: r.merchantName,
            merchantIdentifier: staff ? r.merchantIdentifier : null,
          }
        : null,
    deliveryAddress: trx.deliveryAddress,
    additionalResponseText: trx.additionalResponseText,
    locationAddress: trx.locationAddress,
    latitude: hasPlace ? latitude : null,
    longitude: hasPlace ? longitude : null,
  };
}

/** One transaction; 404 when it is missing or outside the caller's scope. */
export async function getTransaction(context: RequestContext, trxUuid: string): Promise<TransactionDetail> {
  const ctx = requireCaller(context);
  const row = await findTransactionDetail(ctx.db, ctx.caller, trxUuid.toLowerCase());
  if (!row) throw AppError.notFound(TRANSACTION_MESSAGES.TRANSACTION_NOT_FOUND);
  return toTransactionDetail(row, ctx.caller.scope !== 'self');
}

/**
 * The recipient's newest transactions in one program (resolution 11: the recent list of the program detail), at most
 * RECENT_TRANSACTIONS_LIMIT, in the search's shape. A program the recipient has no account in answers no rows.
 */
export async function getCurrentUserTransactions(
  context: RequestContext,
  programUuid: string,
): Promise<TransactionSearchPage> {
  const ctx = requireCaller(context);
  const rows = await recentTransactions(
    ctx.db,
    ctx.caller.accountIds,
    programUuid.toLowerCase(),
    RECENT_TRANSACTIONS_LIMIT,
  );
  return {
    data: rows.map(toSearchRow),
    page: 0,
    totalCount: rows.length,
    totalPages: rows.length > 0 ? 1 : 0,
    countCapped: false,
  };
}
