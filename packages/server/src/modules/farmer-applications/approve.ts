import { randomUUID } from 'node:crypto';
import { CREATION_CHANNEL, PROGRAM_STATUS } from '@ebt/core/enums';
import {
  applicationNumber,
  type ApproveBody,
  FARMER_APPLICATION_MESSAGES as M,
  type FarmerApplicationStatus,
  maskedNumber,
  type StaffDecision,
} from '@ebt/core/farmer-applications';
import { MERCHANT_USER_MESSAGES } from '@ebt/core/merchant-users';
import { PRIVILEGE } from '@ebt/core/privileges';
import type { DbOrTx } from '../../db/client.js';
import { recordAudit } from '../../platform/audit.js';
import { canSeeProgram } from '../../platform/caller.js';
import { type CallerContext, requireCaller, type RequestContext } from '../../platform/context.js';
import { decrypt, seal } from '../../platform/crypto.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { bankAuditView, identifierTaken, lockMerchant, merchantAuditView, saveAddresses } from '../merchants/index.js';
import { tellBankStaff } from '../bank-changes/index.js';
import { invitePerson, withFreshUsername } from '../merchant-users/index.js';
import { lockInScope, noticeFacts } from './decide.js';
import { tellApproved } from './notices.js';
import {
  type ApplicationRow,
  insertBankAccount,
  insertEvent,
  insertMappings,
  insertMerchant,
  insertPendingBankChange,
  programsOfApplication,
  updateApplication,
} from './queries.js';
import { ENTITY } from './submit.js';
import { keyring, recipientOf, wireAddress } from './view.js';

// POST /merchant-api/farmer-applications/{applicationUuid}/approve (docs/decisions/0111). One transaction that locks
// the application first, so a second approval clicked at the same time waits and then finds it approved (409): it
// creates the merchant (the farm's name and contact, its tax id re-sealed), its three addresses placed by their ZIP's
// coordinates, its mappings (active) to the applied programs the caller manages, and the bank account: into the
// merchant when the caller holds BANK_VIEW, else as a pending bank change request for staff who do to confirm. Then it
// invites the contact as a farmer user of the merchant (the merchant-users module's invitation; another role's e-mail
// refuses the whole approval), and tells the farmer.

/** The bank account of the application, opened from its seals and sealed again for the merchant's rows. */
function resealedBank(ctx: CallerContext, app: ApplicationRow) {
  const keys = keyring(ctx.config);
  const account = seal(decrypt(app.accountNumberEncrypted, keys), ctx.config);
  const routing = seal(decrypt(app.routingNumberEncrypted, keys), ctx.config);
  return {
    bankName: app.bankName,
    accountNumberEncrypted: account.encrypted,
    accountNumberLast4: account.last4,
    routingNumberEncrypted: routing.encrypted,
    routingNumberLast4: routing.last4,
    accountTypeId: app.accountTypeId,
    firstName: app.bankFirstName,
    middleName: app.bankMiddleName,
    lastName: app.bankLastName,
  };
}

async function createMerchant(
  tx: DbOrTx,
  ctx: CallerContext,
  app: ApplicationRow,
  merchantIdentifier: string,
  programIds: number[],
) {
  const now = ctx.now();
  const taxId = seal(decrypt(app.taxIdEncrypted, keyring(ctx.config)), ctx.config);
  const uuid = randomUUID();
  let merchantId: number;
  try {
    merchantId = await insertMerchant(tx, {
      uuid,
      merchantIdentifier,
      name: app.farmName,
      email: app.email,
      businessPhone: app.businessPhone ?? app.mobilePhone,
      mobilePhone: app.mobilePhone,
      taxIdEncrypted: taxId.encrypted,
      taxIdLast4: taxId.last4,
      tinTypeId: app.tinTypeId,
      creationChannel: CREATION_CHANNEL.WEB,
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    if (isUniqueViolation(error, 'merchants_identifier_key'))
      throw AppError.conflict(M.MERCHANT_ID_TAKEN, 'merchantIdentifier');
    throw error;
  }
  const farm = wireAddress({
    addressOne: app.address1,
    addressTwo: app.address2,
    city: app.city,
    stateCode: app.stateCode,
    zipcode: app.zipcode,
  });
  await saveAddresses(tx, merchantId, {
    registered: farm,
    physical: farm,
    mailing: app.mailingAddress ? wireAddress(app.mailingAddress) : farm,
  });
  await insertMappings(tx, merchantId, programIds);
  return { merchantId, uuid };
}

export async function approveApplication(
  context: RequestContext,
  applicationUuid: string,
  body: ApproveBody,
): Promise<StaffDecision> {
  const ctx = requireCaller(context);
  const bankView = ctx.caller.privileges.has(PRIVILEGE.BANK_VIEW);
  return withFreshUsername(() =>
    ctx.db.transaction(async (tx) => {
      const app = await lockInScope(tx, ctx, applicationUuid);
      const status = app.status as FarmerApplicationStatus;
      if (status === 'approved' || status === 'refused') throw AppError.conflict(M.ALREADY_DECIDED);
      if (status !== 'submitted') throw AppError.conflict(M.NOT_SUBMITTED);
      const programs = (await programsOfApplication(tx, app.id)).filter(
        (p) => canSeeProgram(ctx.caller, p.programId) && p.statusId === PROGRAM_STATUS.ENABLED,
      );
      if (programs.length === 0) throw AppError.conflict(M.NO_PROGRAM_IN_SCOPE);
      if (await identifierTaken(tx, body.merchantIdentifier))
        throw AppError.conflict(M.MERCHANT_ID_TAKEN, 'merchantIdentifier');

      const now = ctx.now();
      const number = applicationNumber(app.id);
      const programIds = programs.map((p) => p.programId);
      const { merchantId, uuid } = await createMerchant(tx, ctx, app, body.merchantIdentifier, programIds);
      const bank = resealedBank(ctx, app);
      let pendingRequest: string | null = null;
      if (bankView) await insertBankAccount(tx, { uuid: randomUUID(), merchantId, ...bank });
      else
        pendingRequest = await insertPendingBankChange(tx, {
          merchantId,
          requestedBy: null,
          requestedAt: now,
          ...bank,
          note: `From farmer application ${number}`,
        });

      // The farmer hears of the approval first, then gets the invitation's activation e-mail.
      await tellApproved(tx, ctx, recipientOf(app), {
        ...(await noticeFacts(tx, ctx, app)),
        programNames: programs.map((p) => p.programName),
        merchantIdentifier: body.merchantIdentifier,
      });
      const merchant = (await lockMerchant(tx, ctx.caller, uuid))!;
      // The account waits for staff who can see bank numbers: they hear of it as of a farmer's change request.
      if (pendingRequest) await tellBankStaff(tx, ctx, merchant, 'application');
      try {
        await invitePerson(tx, ctx, merchant, {
          email: app.email,
          firstname: app.contactFirstName,
          lastname: app.contactLastName,
          mobile: app.mobilePhone,
          preferredLanguage: app.language,
        });
      } catch (error) {
        if (error instanceof AppError && error.message === MERCHANT_USER_MESSAGES.EMAIL_NOT_FARMER)
          throw AppError.conflict(M.CONTACT_NOT_FARMER, 'email');
        throw error;
      }

      await updateApplication(tx, app.id, {
        status: 'approved',
        merchantId,
        decidedAt: now,
        decidedBy: ctx.caller.userId,
        updatedAt: now,
      });
      await insertEvent(tx, { applicationId: app.id, action: 'approved', byUserId: ctx.caller.userId, at: now });
      const bankOutcome = bankView
        ? { bank: 'saved' }
        : {
            bank: 'pending-request',
            bankChangeRequest: pendingRequest,
            accountMasked: maskedNumber(bank.accountNumberLast4),
            routingMasked: maskedNumber(bank.routingNumberLast4),
          };
      await recordAudit(tx, ctx, [
        {
          action: 'create',
          entity: 'merchant',
          entityId: uuid,
          after: {
            ...(await merchantAuditView(tx, merchant)),
            programIds,
            bank: bankView ? await bankAuditView(tx, merchantId) : null,
            federalTinGiven: true,
            fromApplication: number,
          },
        },
        {
          action: 'approve',
          entity: ENTITY,
          entityId: app.uuid,
          before: { status: app.status, merchantUuid: null },
          after: { status: 'approved', merchantUuid: uuid, programIds, ...bankOutcome },
        },
      ]);
      return {
        message: bankView ? M.APPROVED : M.APPROVED_BANK_PENDING,
        status: 'approved',
        merchantUuid: uuid,
      };
    }),
  );
}
