import { randomBytes } from 'node:crypto';
import {
  applicationNumber,
  FARMER_APPLICATION_MESSAGES as M,
  type FarmerApplicationBody,
  type FarmerApplicationSubmitted,
  maskedNumber,
} from '@ebt/core/farmer-applications';
import { phoneDigits } from '@ebt/core/validation';
import { recordAudit } from '../../platform/audit.js';
import type { RequestContext } from '../../platform/context.js';
import { seal, sha256 } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { CONFIRMATION_VALID_MS } from './codes.js';
import { checkForm, storedAddress } from './fields.js';
import { statusLink, tellSubmitted } from './notices.js';
import {
  type ConfirmationRow,
  findConfirmation,
  insertApplication,
  insertEvent,
  lockConfirmation,
  markConfirmationUsed,
  saveApplicationPrograms,
} from './queries.js';
import { throttlePublic } from './throttle.js';

// POST /merchant-api/farmer-application (docs/decisions/0111): the whole application, once its e-mail and mobile
// were confirmed by the codes. Tax id and bank numbers are sealed as merchants' are (ciphertext and last four); the
// status link's secret is kept as its sha256 (to find the application) and sealed (so every later message carries
// the same link). Nothing whole reaches the answer, the audit row or a log line.

export const ENTITY = 'farmer_application';

/** Why the confirmation cannot carry this application, or null when it can. */
function confirmationProblem(
  confirmation: ConfirmationRow | undefined,
  body: Pick<FarmerApplicationBody, 'email' | 'mobilePhone'>,
  now: Date,
): AppError | null {
  if (
    !confirmation ||
    confirmation.confirmedAt === null ||
    confirmation.usedAt !== null ||
    confirmation.createdAt.getTime() <= now.getTime() - CONFIRMATION_VALID_MS
  )
    return AppError.conflict(M.CONTACT_NOT_CONFIRMED, 'confirmationId');
  if (confirmation.email.toLowerCase() !== body.email.toLowerCase())
    return AppError.conflict(M.CONTACT_CHANGED, 'email');
  if (confirmation.mobilePhone !== phoneDigits(body.mobilePhone))
    return AppError.conflict(M.CONTACT_CHANGED, 'mobilePhone');
  return null;
}

/** The sealed tax id and bank numbers of a form, and their masked views for the audit. */
export function sealNumbers(
  ctx: Pick<RequestContext, 'config'>,
  numbers: { taxId?: string | null; bankAccount?: FarmerApplicationBody['bankAccount'] | null },
) {
  const taxId = numbers.taxId ? seal(numbers.taxId, ctx.config) : null;
  const bank = numbers.bankAccount;
  const account = bank ? seal(bank.bankAccountNumber, ctx.config) : null;
  const routing = bank ? seal(bank.bankRoutingNumber, ctx.config) : null;
  return {
    tax: taxId && { taxIdEncrypted: taxId.encrypted, taxIdLast4: taxId.last4 },
    bank: bank &&
      account &&
      routing && {
        bankName: bank.bankName || null,
        accountNumberEncrypted: account.encrypted,
        accountNumberLast4: account.last4,
        routingNumberEncrypted: routing.encrypted,
        routingNumberLast4: routing.last4,
        accountTypeId: bank.bankAccountType,
        bankFirstName: bank.firstName,
        bankMiddleName: bank.middleName || null,
        bankLastName: bank.lastName,
      },
  };
}

/** The application's fields as its audit rows hold them: numbers masked, never whole; no token. */
export function applicationAuditView(row: {
  status: string;
  farmName: string;
  contactFirstName: string;
  contactLastName: string;
  email: string;
  mobilePhone: string;
  businessPhone: string | null;
  address1: string;
  city: string;
  zipcode: string;
  taxIdLast4: string;
  accountNumberLast4: string;
  routingNumberLast4: string;
  signature: string;
}) {
  return {
    status: row.status,
    farmName: row.farmName,
    contactFirstName: row.contactFirstName,
    contactLastName: row.contactLastName,
    email: row.email,
    mobilePhone: row.mobilePhone,
    businessPhone: row.businessPhone,
    address1: row.address1,
    city: row.city,
    zipcode: row.zipcode,
    tinMasked: maskedNumber(row.taxIdLast4),
    accountMasked: maskedNumber(row.accountNumberLast4),
    routingMasked: maskedNumber(row.routingNumberLast4),
    signature: row.signature,
  };
}

export async function submitApplication(
  ctx: RequestContext,
  body: FarmerApplicationBody,
): Promise<FarmerApplicationSubmitted> {
  await throttlePublic(ctx, 'submit');
  const now = ctx.now();
  const confirmationId = body.confirmationId.toLowerCase();
  const refused = confirmationProblem(await findConfirmation(ctx.db, confirmationId), body, now);
  if (refused) throw refused;
  const form = await checkForm(ctx, body);
  const { tax, bank } = sealNumbers(ctx, body);
  const token = randomBytes(32).toString('base64url');
  const sealedToken = seal(token, ctx.config);

  return ctx.db.transaction(async (tx) => {
    // Under the lock: two submissions naming one confirmation make one application.
    const confirmation = await lockConfirmation(tx, confirmationId);
    const problem = confirmationProblem(confirmation, body, now);
    if (problem) throw problem;
    const row = await insertApplication(tx, {
      status: 'submitted',
      language: body.language,
      farmName: body.farmName,
      contactFirstName: body.contactFirstName,
      contactLastName: body.contactLastName,
      email: body.email,
      mobilePhone: phoneDigits(body.mobilePhone),
      businessPhone: body.businessPhone ? phoneDigits(body.businessPhone) : null,
      address1: body.farmAddress.addressOne,
      address2: body.farmAddress.addressTwo || null,
      city: body.farmAddress.city,
      stateCode: body.farmAddress.stateCode,
      zipcode: body.farmAddress.zipcode,
      mailingAddress: body.mailingAddress ? storedAddress(body.mailingAddress) : null,
      markets: body.markets.map((m) => ({ name: m.name, city: m.city || null, when: m.when || null })),
      crops: body.crops,
      answers: form.answers,
      tinTypeId: body.tinTypeId,
      ...tax!,
      ...bank!,
      signature: body.signature,
      signedAt: now,
      statusTokenHash: sha256(token),
      statusTokenEncrypted: sealedToken.encrypted,
      submittedAt: now,
      updatedAt: now,
    });
    const programIds = form.programs.map((p) => p.programId);
    await saveApplicationPrograms(tx, row.id, programIds);
    await markConfirmationUsed(tx, confirmation!.id, now);
    await insertEvent(tx, { applicationId: row.id, action: 'submitted', at: now });
    await recordAudit(tx, ctx, {
      action: 'create',
      entity: ENTITY,
      entityId: row.uuid,
      after: { ...applicationAuditView(row), programIds, language: row.language },
    });
    await tellSubmitted(
      tx,
      ctx,
      { email: row.email, mobilePhone: row.mobilePhone, firstName: row.contactFirstName, language: row.language },
      {
        applicationId: row.id,
        farmName: row.farmName,
        programNames: form.programs.map((p) => p.programName),
        link: statusLink(ctx, token),
      },
    );
    return {
      applicationUuid: row.uuid,
      applicationNumber: applicationNumber(row.id),
      status: 'submitted' as const,
      message: M.SUBMITTED,
    };
  });
}
