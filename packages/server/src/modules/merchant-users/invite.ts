import { randomUUID } from 'node:crypto';
import { ROLE, USER_STATUS } from '@ebt/core/enums';
import { MERCHANT_MESSAGES } from '@ebt/core/merchants';
import {
  freeUsername,
  type InviteMerchantUserBody,
  MERCHANT_USER_MESSAGES,
  type MerchantUserInvited,
  usernameBase,
} from '@ebt/core/merchant-users';
import { phoneDigits } from '@ebt/core/validation';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { recordAudit } from '../../platform/audit.js';
import { requireCaller, type RequestContext, type CallerContext } from '../../platform/context.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { accountEmail, noticeLanguage, noticeText } from '../../platform/notice-mail.js';
import { queueMessage } from '../../platform/outbox.js';
import { lockMerchant } from '../merchants/index.js';
import { issueActivationLink } from '../recovery/index.js';
import { findLink, saveLink, usernamesStartingWith, usersByEmail } from './queries.js';

// POST /merchant-api/merchant/{id}/users (decision 0109): staff with MERCHANT_UPDATE invite a person to sell for a
// merchant in their scope. A new e-mail makes a farmer user (role 7, Pending, no password) with a username derived
// from the e-mail, links it, and sends the activation e-mail Add user sends; all in one transaction, so a refusal
// leaves nothing behind. An e-mail that a farmer user already has links that user (a second merchant) and tells them
// by e-mail: their names and mobile stay theirs (changing them would be a change to a user the caller may hold only in
// part, decision 0096). An e-mail of any other role is refused: one account cannot be both staff and farmer.
// A link's audit rows name the link by its key, the merchant's uuid and the user's ('<merchant>:<user>'): the audit
// keeps only changed fields, so the merchant would otherwise be lost from a revoke's row.

type Ctx = CallerContext;
type Merchant = NonNullable<Awaited<ReturnType<typeof lockMerchant>>>;

/** The users an invitation may link: a farmer user who can still sign in (not disabled, not deleted). */
const LINKABLE_STATUSES: readonly number[] = [USER_STATUS.PENDING, USER_STATUS.REGISTERED, USER_STATUS.ENABLED];

export async function inviteMerchantUser(
  context: RequestContext,
  merchantUuid: string,
  body: InviteMerchantUserBody,
): Promise<MerchantUserInvited> {
  const ctx = requireCaller(context);
  return withFreshUsername(() =>
    ctx.db.transaction(async (tx) => {
      const merchant = await lockMerchant(tx, ctx.caller, merchantUuid.toLowerCase());
      if (!merchant) throw AppError.notFound(MERCHANT_MESSAGES.MERCHANT_NOT_FOUND);
      return invitePerson(tx, ctx, merchant, body);
    }),
  );
}

/**
 * Runs a transaction that invites a person again when it drew a username another invitation of the same name took at
 * the same time (users_username_lower_key): the later one draws again, at most three times more.
 */
export async function withFreshUsername<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error, 'users_username_lower_key')) continue;
      throw error;
    }
  }
}

/** Who is invited; `preferredLanguage` ('en' or 'es') is given to a new user (a farmer application's language). */
export type InvitedPerson = InviteMerchantUserBody & { preferredLanguage?: string | null };

/**
 * The inside of an invitation, in the caller's transaction with the merchant locked (lockMerchant): a new e-mail makes
 * a Pending farmer user and sends the activation e-mail, a farmer user's e-mail links them, any other user's is 409
 * (EMAIL_NOT_FARMER, field email; EMAIL_NOT_USABLE for a farmer who cannot sign in). Audited. Wrap the transaction in
 * withFreshUsername.
 */
export async function invitePerson(
  tx: DbOrTx,
  ctx: Ctx,
  merchant: Merchant,
  person: InvitedPerson,
): Promise<MerchantUserInvited> {
  // The same key as Add user's uniqueness check: an invitation and an Add user of one e-mail run one at a time.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`user-email:${person.email.toLowerCase()}`}))`);
  const holders = await usersByEmail(tx, person.email);
  if (holders.length === 0) return inviteNew(tx, ctx, merchant, person);
  const farmer = holders.find((u) => u.roleId === ROLE.FARMER);
  if (!farmer || holders.length > 1) throw AppError.conflict(MERCHANT_USER_MESSAGES.EMAIL_NOT_FARMER, 'email');
  if (!LINKABLE_STATUSES.includes(farmer.statusId))
    throw AppError.conflict(MERCHANT_USER_MESSAGES.EMAIL_NOT_USABLE, 'email');
  return linkExisting(tx, ctx, merchant, farmer);
}

async function inviteNew(tx: DbOrTx, ctx: Ctx, merchant: Merchant, body: InvitedPerson): Promise<MerchantUserInvited> {
  const now = ctx.now();
  const username = freeUsername(body.email, await usernamesStartingWith(tx, usernameBase(body.email)));
  const uuid = randomUUID();
  const [created] = await tx
    .insert(users)
    .values({
      uuid,
      username,
      email: body.email,
      emailVerified: false,
      firstName: body.firstname,
      lastName: body.lastname,
      mobile: phoneDigits(body.mobile) || null,
      preferredLanguage: body.preferredLanguage ?? null,
      statusId: USER_STATUS.PENDING,
      roleId: ROLE.FARMER,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const user = created!;
  await saveLink(tx, user.id, merchant.id, ctx.caller.userId, now);
  await recordAudit(tx, ctx, [
    {
      action: 'create',
      entity: 'user',
      entityId: uuid,
      after: {
        username,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        mobile: user.mobile,
        statusId: user.statusId,
        roleId: user.roleId,
      },
    },
    {
      action: 'invite',
      entity: 'merchant_user',
      entityId: `${merchant.uuid}:${uuid}`,
      after: { merchantUuid: merchant.uuid, username, linked: true },
    },
  ]);
  await issueActivationLink(tx, ctx, user);
  await recordAudit(tx, ctx, {
    action: 'send-activation',
    entity: 'user',
    entityId: uuid,
    after: { activationLink: 'sent' },
  });
  return { message: MERCHANT_USER_MESSAGES.PERSON_INVITED, outcome: 'invited', userUuid: uuid, username };
}

async function linkExisting(tx: DbOrTx, ctx: Ctx, merchant: Merchant, farmer: UserRow): Promise<MerchantUserInvited> {
  const now = ctx.now();
  const link = await findLink(tx, farmer.id, merchant.id);
  if (link && link.revokedAt === null) throw AppError.conflict(MERCHANT_USER_MESSAGES.ALREADY_LINKED, 'email');
  await saveLink(tx, farmer.id, merchant.id, ctx.caller.userId, now);
  await recordAudit(tx, ctx, {
    action: 'invite',
    entity: 'merchant_user',
    entityId: `${merchant.uuid}:${farmer.uuid}`,
    before: link ? { merchantUuid: merchant.uuid, username: farmer.username, linked: false } : null,
    after: { merchantUuid: merchant.uuid, username: farmer.username, linked: true },
  });
  await queueMessage(tx, ctx, {
    channel: 'email',
    to: farmer.email,
    kind: 'farmer-invite',
    ...linkedNotice(ctx, farmer, merchant.name),
  });
  return link
    ? {
        message: MERCHANT_USER_MESSAGES.PERSON_RELINKED,
        outcome: 'relinked',
        userUuid: farmer.uuid,
        username: farmer.username,
      }
    : {
        message: MERCHANT_USER_MESSAGES.PERSON_LINKED,
        outcome: 'linked',
        userUuid: farmer.uuid,
        username: farmer.username,
      };
}

/** The e-mail that tells a farmer user of a new merchant: sign in as before, or activate first if not yet done. */
/** The e-mail telling a farmer they now sell for another merchant, in their language (core NOTICE_MESSAGES). */
function linkedNotice(ctx: Ctx, farmer: UserRow, merchantName: string) {
  const language = noticeLanguage(farmer.preferredLanguage);
  const t = (key: Parameters<typeof noticeText>[1], values?: Record<string, string>) =>
    noticeText(language, key, values);
  const values = { merchant: merchantName, username: farmer.username, link: `${ctx.config.publicUrl}/login` };
  const next = t(farmer.passwordHash ? 'FARMER_LINKED_NEXT_ACTIVE' : 'FARMER_LINKED_NEXT_PENDING', values);
  return accountEmail({
    language,
    baseUrl: ctx.config.publicUrl,
    greetingName: farmer.firstName,
    heading: t('FARMER_LINKED_HEADING', values),
    summary: t('FARMER_LINKED_SUMMARY', values),
    facts: [
      [t('FACT_MERCHANT'), merchantName],
      [t('FACT_USERNAME'), farmer.username],
    ],
    next: `${next} ${t('FARMER_LINKED_UNEXPECTED', values)}`,
    link: { url: `${ctx.config.publicUrl}/login`, text: t('LINK_SIGN_IN') },
  });
}
