import { activePanLimit, remainingPans } from '@ebt/core/pans';
import { RECIPIENT_MESSAGES, type RecipientAccount } from '@ebt/core/recipients';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../platform/caller.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { KeyedRow } from '../../platform/keyed-read.js';
import { accountWireFields } from './accounts.js';
import { findRecipientAccount, type RecipientAccountRecord } from './queries.js';

// One recipient account as the API answers it (part 1 §3 "Recipient account"), shared by the detail, add, update
// and move answers. A record outside the caller's scope answers 404 like a missing one (style.md "Access").

function toRecipientAccount(a: RecipientAccountRecord): RecipientAccount {
  // The extra fields are assigned onto the wire fields' object rather than spread after them: on Node 20 a literal
  // that spreads and then adds properties costs about a microsecond a property (bench/README.md "The request path").
  return Object.assign(accountWireFields(a), {
    programId: a.programId,
    programUuid: a.programUuid,
    programName: a.programName,
    agencyUuid: a.agencyUuid,
    agencyName: a.agencyName,
    userUuid: a.userUuid,
    username: a.username,
    applicantId: a.applicantId,
    // How many more PANs the account may hold (decision 0036): its limit less its Active PANs.
    maxPrintedPans: remainingPans(activePanLimit(a.maxPrintedPans, a.programConfiguration), a.activePans),
    creationChannel: a.creationChannel,
    createdDate: a.createdDate,
    updatedDate: a.updatedDate,
  });
}

/** The detail answer of an account in the caller's scope; 404 when it is missing or outside it. */
export async function loadRecipient(
  db: DbOrTx,
  caller: Caller,
  accountUuid: string,
  keyedRow?: KeyedRow,
): Promise<RecipientAccount> {
  const record = await findRecipientAccount(db, caller, accountUuid, keyedRow);
  if (!record) throw AppError.notFound(RECIPIENT_MESSAGES.RECIPIENT_NOT_FOUND);
  return toRecipientAccount(record);
}

/** GET /account-api/account/{accountUuid}: missing and out-of-scope accounts both answer 404. */
export async function getRecipient(context: RequestContext, accountUuid: string): Promise<RecipientAccount> {
  const ctx = requireCaller(context);
  // The row came with the caller (the route's keyedRead, decision 0083) unless the parameter was refused.
  return loadRecipient(ctx.db, ctx.caller, accountUuid, ctx.keyedRow);
}
