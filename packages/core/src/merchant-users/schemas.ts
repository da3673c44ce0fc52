import { z } from 'zod';
import { cappedAnswer } from '../pager/index.js';
import { contactFields, personNameFields } from '../validation/field-groups.js';

/** At most this many people are listed for one merchant (a market's stall hands, not a staff directory). */
export const MERCHANT_USERS_CAP = 500;

/** The merchant, by its uuid (as every merchant endpoint names it). */
export const MerchantUsersParams = z.object({ id: z.uuid() });
export type MerchantUsersParams = z.infer<typeof MerchantUsersParams>;

/** A merchant (its uuid, as every merchant endpoint names it) and one person linked to it. */
export const MerchantUserParams = z.object({ id: z.uuid(), userUuid: z.uuid() });
export type MerchantUserParams = z.infer<typeof MerchantUserParams>;

const { firstname, lastname } = personNameFields();
const { email, mobilePhone } = contactFields();

/**
 * POST /merchant-api/merchant/{id}/users: the person invited. The username is not asked: the server derives it from
 * the e-mail (decision 0109). The mobile is sent with separators and stored as digits, as the staff user forms do.
 */
export const InviteMerchantUserBody = z.object({
  firstname,
  lastname,
  email,
  mobile: mobilePhone,
});
export type InviteMerchantUserBody = z.infer<typeof InviteMerchantUserBody>;

/** What the invitation did: a new account (activation e-mail), a link of an existing farmer, or a revoked link renewed. */
export const MerchantUserInviteOutcome = z.enum(['invited', 'linked', 'relinked']);
export type MerchantUserInviteOutcome = z.infer<typeof MerchantUserInviteOutcome>;

export const MerchantUserInvited = z.object({
  message: z.string(),
  outcome: MerchantUserInviteOutcome,
  userUuid: z.uuid(),
  username: z.string(),
});
export type MerchantUserInvited = z.infer<typeof MerchantUserInvited>;

/**
 * One person who sells (or sold) for the merchant. `otherMerchantCount` counts the other merchants they sell for now
 * (links not revoked), never their names: those merchants may lie outside the caller's scope. The mobile is digits,
 * as the staff user screens show it.
 */
export const MerchantUser = z.object({
  userUuid: z.uuid(),
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  userStatusId: z.number().int(),
  linkedAt: z.iso.datetime({ offset: true }),
  linkedBy: z.string().nullable(),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
  revokedBy: z.string().nullable(),
  otherMerchantCount: z.number().int(),
});
export type MerchantUser = z.infer<typeof MerchantUser>;

export const MerchantUserList = cappedAnswer(MerchantUser);
export type MerchantUserList = z.infer<typeof MerchantUserList>;

export const MerchantUserMessage = z.object({ message: z.string() });
export type MerchantUserMessage = z.infer<typeof MerchantUserMessage>;
