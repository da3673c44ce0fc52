import { randomUUID } from 'node:crypto';
import {
  type AddMerchantBody,
  MERCHANT_MESSAGES,
  type MerchantAdded,
  merchantFormAddresses,
} from '@ebt/core/merchants';
import { PRIVILEGE } from '@ebt/core/privileges';
import { merchantBankAccounts, merchantPrograms, merchants } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { seal } from '../../platform/crypto.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { programInScope } from '../../platform/search.js';
import {
  bankAuditView,
  identifierTaken,
  lockMerchant,
  merchantAuditView,
  placeFormAddresses,
  saveAddresses,
} from './writes.js';

// POST /merchant-api/merchant (B§5 "Merchant form", B§7; docs/decisions/0021): the merchant, its three addresses,
// its mapping (active) to the program named, and the bank account when given, in one transaction. Tax id and bank
// numbers are sealed as the seed seals them (AES-256-GCM ciphertext with the config's key, and the last four);
// without BANK_VIEW the tax fields and the bank account are ignored, as on update and in the file import (a merchant's
// settlement account is set only by those who may see it). The identifier's unique index settles a race.

export async function addMerchant(context: RequestContext, body: AddMerchantBody): Promise<MerchantAdded> {
  const ctx = requireCaller(context);
  const program = await programInScope(ctx, { id: body.programId });
  if (!program) throw AppError.notFound(MERCHANT_MESSAGES.PROGRAM_NOT_FOUND);
  const bankView = ctx.caller.privileges.has(PRIVILEGE.BANK_VIEW);
  const sealedTax = bankView && body.taxId ? seal(body.taxId, ctx.config) : null;
  const bank = bankView ? body.bankAccountInfo : null;
  const now = ctx.now();
  const addresses = await placeFormAddresses(ctx, merchantFormAddresses(body));

  return ctx.db.transaction(async (tx) => {
    if (await identifierTaken(tx, body.merchantIdentifier))
      throw AppError.conflict(MERCHANT_MESSAGES.MERCHANT_ID_EXISTS, 'merchantIdentifier');
    const uuid = randomUUID();
    let merchantId: number;
    try {
      const [row] = await tx
        .insert(merchants)
        .values({
          uuid,
          merchantIdentifier: body.merchantIdentifier,
          name: body.merchantName,
          fnsNumber: body.fnsNumber || null,
          email: body.email,
          businessPhone: body.businessPhone,
          mobilePhone: body.mobilePhone,
          taxIdEncrypted: sealedTax?.encrypted ?? null,
          taxIdLast4: sealedTax?.last4 ?? null,
          taxClassId: bankView ? (body.taxClassId ?? null) : null,
          tinTypeId: bankView ? (body.tinTypeId ?? null) : null,
          creationChannel: body.creationChannel,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: merchants.id });
      merchantId = row!.id;
    } catch (error) {
      if (isUniqueViolation(error, 'merchants_identifier_key'))
        throw AppError.conflict(MERCHANT_MESSAGES.MERCHANT_ID_EXISTS, 'merchantIdentifier');
      throw error;
    }
    await saveAddresses(tx, merchantId, addresses);
    await tx.insert(merchantPrograms).values({ merchantId, programId: program.id, statusId: 0 });
    if (bank) {
      const account = seal(bank.bankAccountNumber, ctx.config);
      const routing = seal(bank.bankRoutingNumber, ctx.config);
      await tx.insert(merchantBankAccounts).values({
        uuid: randomUUID(),
        merchantId,
        bankName: bank.bankName || null,
        accountNumberEncrypted: account.encrypted,
        accountNumberLast4: account.last4,
        routingNumberEncrypted: routing.encrypted,
        routingNumberLast4: routing.last4,
        accountTypeId: bank.bankAccountType,
        firstName: bank.firstName,
        middleName: bank.middleName || null,
        lastName: bank.lastName,
      });
    }
    const created = (await lockMerchant(tx, ctx.caller, uuid))!;
    await recordAudit(tx, ctx, {
      action: 'create',
      entity: 'merchant',
      entityId: uuid,
      after: {
        ...(await merchantAuditView(tx, created)),
        programId: program.id,
        bank: await bankAuditView(tx, merchantId),
        federalTinGiven: sealedTax !== null,
      },
    });
    return { message: MERCHANT_MESSAGES.MERCHANT_ADDED, merchantUuid: uuid };
  });
}
