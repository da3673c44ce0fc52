import { z } from 'zod';
import { ruleMessage } from '../messages/origin.js';
import { databaseIdParam } from '../validation/numbers.js';
import { text } from '../validation/text.js';
import { CARD_DEVICE_MESSAGES } from './messages.js';
import { CARD_DEVICE_KEY_MAX, CARD_DEVICE_NAME_MAX } from './rules.js';

// The phones registered to a card to make pay codes (decision 0108; docs/transaction-engine.md "Pay codes"). Wire
// names are ours: the specification has no pay codes.

/** A card named in the path (the recipient's own, or one in the staff member's scope). */
export const CardDeviceCardParams = z.object({ panId: databaseIdParam() });
export type CardDeviceCardParams = z.infer<typeof CardDeviceCardParams>;

/** One phone of a card named in the path. */
export const CardDeviceParams = z.object({ panId: databaseIdParam(), deviceUuid: z.uuid() });
export type CardDeviceParams = z.infer<typeof CardDeviceParams>;

/**
 * POST /account-api/pans/currentuser/{panId}/devices: the phone's public key, SubjectPublicKeyInfo (DER) in base64url
 * as `crypto.subtle.exportKey('spki', key)` gives it (the server checks it is a P-256 key: 400 otherwise), and what
 * the recipient calls the phone.
 */
export const RegisterCardDeviceBody = z.object({
  publicKey: text(CARD_DEVICE_MESSAGES.INVALID_PUBLIC_KEY)
    .min(1, CARD_DEVICE_MESSAGES.INVALID_PUBLIC_KEY)
    .max(CARD_DEVICE_KEY_MAX, CARD_DEVICE_MESSAGES.INVALID_PUBLIC_KEY)
    .regex(/^[A-Za-z0-9_-]+$/, CARD_DEVICE_MESSAGES.INVALID_PUBLIC_KEY),
  name: text(CARD_DEVICE_MESSAGES.NAME_REQUIRED)
    .trim()
    .min(1, CARD_DEVICE_MESSAGES.NAME_REQUIRED)
    .max(CARD_DEVICE_NAME_MAX, ruleMessage(CARD_DEVICE_MESSAGES.NAME_TOO_LONG, { max: CARD_DEVICE_NAME_MAX })),
});
export type RegisterCardDeviceBody = z.infer<typeof RegisterCardDeviceBody>;

/** A phone just registered: its uuid is what its pay codes carry. */
export const CardDeviceRegistered = z.object({
  deviceUuid: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type CardDeviceRegistered = z.infer<typeof CardDeviceRegistered>;

/** A phone that may make pay codes for the card; lastUsedAt: when a code it made was last spent. */
export const CardDevice = z.object({
  deviceUuid: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type CardDevice = z.infer<typeof CardDevice>;

/** The card's active phones, oldest first (at most CARD_DEVICE_LIMIT). */
export const CardDeviceList = z.array(CardDevice);
export type CardDeviceList = z.infer<typeof CardDeviceList>;
