import { createHash, createPublicKey } from 'node:crypto';
import {
  CARD_DEVICE_LIMIT,
  CARD_DEVICE_MESSAGES,
  canAddCardDevice,
  type CardDeviceRegistered,
  type RegisterCardDeviceBody,
} from '@ebt/core/card-devices';
import { PAN_STATUS } from '@ebt/core/enums';
import { ruleMessage } from '@ebt/core/messages';
import { recordAudit } from '../../platform/audit.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { panById } from '../pans/index.js';
import { countActiveDevices, insertDevice } from './queries.js';

// A phone registers its key for a card (decision 0108): the recipient's installable app made an ECDSA P-256 key pair
// in the browser (the private key non-extractable, kept in IndexedDB) and sends the public half while online.

/**
 * The public key as stored: SubjectPublicKeyInfo (DER) in base64url, re-encoded by node so every row has one form,
 * or null when the text is not a P-256 public key (another curve, RSA, a private key, bytes that are not DER).
 */
export function p256PublicKey(text: string): string | null {
  try {
    const key = createPublicKey({ key: Buffer.from(text, 'base64url'), format: 'der', type: 'spki' });
    if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') return null;
    return key.export({ format: 'der', type: 'spki' }).toString('base64url');
  } catch {
    return null;
  }
}

/** What the audit row says of a key: the start of its SHA-256, enough to tell two keys apart, no key material. */
const fingerprint = (spki: string) =>
  createHash('sha256').update(Buffer.from(spki, 'base64url')).digest('hex').slice(0, 16);

/**
 * POST /account-api/pans/currentuser/{panId}/devices: the caller's own Active card only (404 otherwise, like a missing
 * one); a key that is not P-256 400; at most CARD_DEVICE_LIMIT active phones a card (422). One transaction: the card
 * locked (two phones registering at once count one after the other), the count, the insert, the audit row.
 */
export async function registerCardDevice(
  context: RequestContext,
  panId: number,
  body: RegisterCardDeviceBody,
): Promise<CardDeviceRegistered> {
  const ctx = requireCaller(context);
  const publicKey = p256PublicKey(body.publicKey);
  if (!publicKey) throw AppError.badRequest(CARD_DEVICE_MESSAGES.INVALID_PUBLIC_KEY, 'publicKey');
  return ctx.db.transaction(async (tx) => {
    const card = await panById(tx, panId, true);
    if (!card || !ctx.caller.accountIds.includes(card.accountId) || card.panStatusId !== PAN_STATUS.ACTIVE)
      throw AppError.notFound(CARD_DEVICE_MESSAGES.CARD_NOT_FOUND);
    if (!canAddCardDevice(await countActiveDevices(tx, card.id)))
      throw AppError.unprocessable(ruleMessage(CARD_DEVICE_MESSAGES.TOO_MANY_DEVICES, { max: CARD_DEVICE_LIMIT }));
    const device = await insertDevice(tx, { panId: card.id, publicKey, name: body.name, createdAt: ctx.now() });
    await recordAudit(tx, ctx, {
      action: 'create',
      entity: 'card_device',
      entityId: device.id,
      after: { cardId: card.id, deviceUuid: device.uuid, name: device.name, keyFingerprint: fingerprint(publicKey) },
    });
    return { deviceUuid: device.uuid, name: device.name, createdAt: device.createdAt.toISOString() };
  });
}
