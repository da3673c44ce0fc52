import { ROLE, USER_STATUS } from '@ebt/core/enums';
import { type RecipientFormValues, recipientUsernameCandidates } from '@ebt/core/recipients';
import { phoneDigits } from '@ebt/core/validation';
import type { DbOrTx } from '../../db/client.js';
import { type recipientAccounts, users } from '../../db/schema/index.js';

// What adding or changing a recipient account means, shared by the add endpoint (service.ts) and the account file
// (import.ts), so a recipient made from a file is the same as one made on the form: the same columns, the same
// Pending portal user, the same audit view.

/** The audit log's entity name for recipient accounts. */
export const RECIPIENT_ACCOUNT_ENTITY = 'recipient_account';

/** The form's values as the columns store them: trimmed, empty optional text as null, the phone as digits. */
export function recipientColumns(values: Partial<RecipientFormValues>) {
  const optional = (v: string | null | undefined) => (v ? v : null);
  return {
    firstName: values.firstname!,
    middleName: optional(values.middlename),
    lastName: values.lastname!,
    address1: values.address1!,
    address2: optional(values.address2),
    city: values.city!,
    stateCode: values.stateCode!,
    zipcode: values.zipcode!,
    email: values.email!,
    mobilePhone: phoneDigits(values.mobilePhone!),
    cardIssuance: values.cardIssuanceCode ?? false,
  };
}
export type RecipientColumns = ReturnType<typeof recipientColumns>;

/** The audit view of an account: wire names, no internal ids but the program's. */
export function auditView(row: Partial<typeof recipientAccounts.$inferSelect>): Record<string, unknown> {
  return {
    recipientIdentifier: row.recipientIdentifier,
    accountStatusId: row.statusId,
    accountTypeId: row.accountTypeId,
    firstname: row.firstName,
    middlename: row.middleName,
    lastname: row.lastName,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    stateCode: row.stateCode,
    zipcode: row.zipcode,
    email: row.email,
    mobilePhone: row.mobilePhone,
    cardIssuanceCode: row.cardIssuance,
    programId: row.programId,
    agencyId: row.agencyId,
    userId: row.userId,
    applicantId: row.applicantId,
  };
}

/** The audit view of a new recipient's portal user. */
export function recipientUserAuditView(user: { username: string }): Record<string, unknown> {
  return { username: user.username, roleId: ROLE.RECIPIENT, statusId: USER_STATUS.PENDING };
}

/**
 * The portal user of a new recipient: role 3, status Pending, no password, so staff can send the activation e-mail
 * later. Its name, e-mail and mobile are the account's.
 */
export function recipientUserValues(columns: RecipientColumns, username: string, now: Date): typeof users.$inferInsert {
  return {
    username,
    email: columns.email,
    emailVerified: false,
    passwordHash: null,
    firstName: columns.firstName,
    middleName: columns.middleName,
    lastName: columns.lastName,
    mobile: columns.mobilePhone,
    roleId: ROLE.RECIPIENT,
    statusId: USER_STATUS.PENDING,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Creates the portal user of a new recipient. The username is the first free candidate (insert ... on conflict do
 * nothing, so a taken name never aborts the transaction).
 */
export async function createRecipientUser(tx: DbOrTx, columns: RecipientColumns, identifier: string, now: Date) {
  for (const username of recipientUsernameCandidates(columns.firstName, columns.lastName, identifier)) {
    const [user] = await tx
      .insert(users)
      .values(recipientUserValues(columns, username, now))
      .onConflictDoNothing()
      .returning({ id: users.id, uuid: users.uuid, username: users.username });
    if (user) return user;
  }
  // Twelve taken candidates built on a unique Account ID: something is wrong, not a person's input.
  throw new Error(`no free username for recipient ${identifier}`);
}

/** The columns of an account its wire fields come from. */
export type AccountWireColumns = Pick<
  typeof recipientAccounts.$inferSelect,
  | 'uuid'
  | 'recipientIdentifier'
  | 'statusId'
  | 'firstName'
  | 'middleName'
  | 'lastName'
  | 'address1'
  | 'address2'
  | 'city'
  | 'stateCode'
  | 'zipcode'
  | 'email'
  | 'mobilePhone'
  | 'cardIssuance'
  | 'accountTypeId'
>;

/** The account's own fields as part 1 §3 names them on the wire: the staff detail and the recipient's own view. */
export function accountWireFields(a: AccountWireColumns) {
  return {
    accountUuid: a.uuid,
    recipientIdentifier: a.recipientIdentifier,
    accountStatusId: a.statusId,
    firstname: a.firstName,
    middlename: a.middleName,
    lastname: a.lastName,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    stateCode: a.stateCode,
    zipcode: a.zipcode,
    email: a.email,
    mobilePhone: a.mobilePhone,
    cardIssuanceCode: a.cardIssuance,
    accountTypeId: a.accountTypeId,
  };
}
