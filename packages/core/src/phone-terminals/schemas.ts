import { z } from 'zod';
import { TERMINAL_ID_PATTERN, TERMINAL_NAME_MAX } from '../terminals/schemas.js';
import { requiredText } from '../validation/fields.js';

// A farmer user's phone as a terminal of the merchant they sell for (docs/transaction-engine.md "Phone terminals";
// decision 0110): a merchant_terminals row of kind 'phone', registered from the sell screen by the signed-in farmer
// user, calling the engine with HTTP Basic as any terminal does. Its secret is answered once and kept on the phone.

/** POST /merchant-api/farmer/merchants/{merchantUuid}/phones */
export const PhoneMerchantParams = z.object({ merchantUuid: z.uuid() });
export type PhoneMerchantParams = z.infer<typeof PhoneMerchantParams>;

/** The phone's name as staff and the farmer see it ("Rosa's phone (Chrome on Android)"). */
export const RegisterPhoneBody = z.object({ name: requiredText(TERMINAL_NAME_MAX) });
export type RegisterPhoneBody = z.infer<typeof RegisterPhoneBody>;

/** The answer of a registration: the credential, its secret this once (the server keeps only its hash). */
export const RegisteredPhone = z.object({
  merchantUuid: z.uuid(),
  terminalId: z.string(),
  secret: z.string(),
  name: z.string(),
  registeredAt: z.iso.datetime({ offset: true }),
});
export type RegisteredPhone = z.infer<typeof RegisteredPhone>;

/** DELETE /merchant-api/farmer/merchants/{merchantUuid}/phones/{terminalId} */
export const PhoneParams = z.object({
  merchantUuid: z.uuid(),
  terminalId: z.string().trim().toUpperCase().regex(TERMINAL_ID_PATTERN, 'Invalid terminal id.'),
});
export type PhoneParams = z.infer<typeof PhoneParams>;

/** One phone of the caller's merchants, as the farmer's list shows it (never its secret). */
export const Phone = z.object({
  merchantUuid: z.uuid(),
  merchantName: z.string(),
  terminalId: z.string(),
  name: z.string(),
  /** The username of whoever registered it (null once that user is gone). */
  registeredBy: z.string().nullable(),
  registeredAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Phone = z.infer<typeof Phone>;

/** The answer of a removal. */
export const PhoneRemoved = z.object({ message: z.string() });
export type PhoneRemoved = z.infer<typeof PhoneRemoved>;

/** The most phones the farmer's list answers: the active ones (at most the merchant's terminal limit), then recent removals. */
export const PHONE_LIST_CAP = 200;
