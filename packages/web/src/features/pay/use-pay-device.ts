import { cardDeviceApi } from '@ebt/core/card-devices';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { endpointKey } from '../../lib/endpoint-client';
import { isApiError } from '../../lib/api-client';
import { useI18n } from '../../lib/i18n';
import { readOwnDevices, registerDevice } from './api';
import { thisBrowser } from '../../lib/browser-name';
import {
  canMakePayCodes,
  findPayDevice,
  forgetPayDevice,
  newKeyPair,
  publicKeyText,
  savePayDevice,
  type PayDevice,
} from './device-keys';

/** Where this phone stands with a card: ready to make codes, or why not. */
export type PayDeviceState =
  | { kind: 'loading' }
  | { kind: 'ready'; device: PayDevice }
  /** No key for the card on this phone, and no network to register one. */
  | { kind: 'needsOnline' }
  /** No WebCrypto or IndexedDB (an insecure page, a private mode that refuses storage). */
  | { kind: 'unsupported' }
  /** The server refused (the card is not the recipient's Active card: 404; the card has its phones already: 422). */
  | { kind: 'refused'; error: unknown };

/**
 * This phone's key for the card (decision 0108). Online (the user is known), the kept registration is checked
 * against the card's phones: when the server no longer has it (removed here or by staff, or the card's phones revoked
 * by a lost report), or there is none, a new key pair is made and registered. Offline, the kept one is used as it is.
 * `attempt` makes it look again (after a phone was removed to make room).
 */
export function usePayDevice(panId: number, userUuid: string | null, attempt: number): PayDeviceState {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [state, setState] = useState<PayDeviceState>({ kind: 'loading' });

  useEffect(() => {
    let cancelled = false;
    setState({ kind: 'loading' });
    const { browser, system } = thisBrowser();
    const name = system ? t('pay.deviceName', { browser, system }) : t('pay.deviceNameNoSystem', { browser });
    const key = `${userUuid ?? ''}:${panId}:${attempt}`;
    // One look-up at a time for a card: a second mount meanwhile (React's strict mode in development) takes the same
    // answer rather than registering a second phone.
    let pending = IN_FLIGHT.get(key);
    if (!pending) {
      pending = resolveDevice(panId, userUuid, name.slice(0, 60)).finally(() => IN_FLIGHT.delete(key));
      IN_FLIGHT.set(key, pending);
    }
    void pending.then(async (next) => {
      // The card's phones as the screens have them are older than this answer: read them again.
      if (next.kind === 'ready' && userUuid !== null)
        await queryClient.invalidateQueries({ queryKey: endpointKey(cardDeviceApi.listOwn) });
      if (!cancelled) setState(next);
    });
    return () => {
      cancelled = true;
    };
    // `t` changes with the language; the name is chosen once, at registration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [panId, userUuid, attempt]);

  return state;
}

const IN_FLIGHT = new Map<string, Promise<PayDeviceState>>();

async function resolveDevice(panId: number, userUuid: string | null, name: string): Promise<PayDeviceState> {
  if (!canMakePayCodes()) return { kind: 'unsupported' };
  let kept: PayDevice | null;
  try {
    kept = await findPayDevice(panId, userUuid);
  } catch {
    return { kind: 'unsupported' };
  }
  if (userUuid === null) return kept ? { kind: 'ready', device: kept } : { kind: 'needsOnline' };
  const found = kept;
  try {
    const devices = await readOwnDevices(panId);
    if (found && devices.some((d) => d.deviceUuid === found.deviceUuid)) return { kind: 'ready', device: found };
    if (found) await forgetPayDevice(found);
    const keyPair = await newKeyPair();
    const registered = await registerDevice(panId, await publicKeyText(keyPair), name);
    const device: PayDevice = {
      id: `${userUuid}:${panId}`,
      userUuid,
      panId,
      deviceUuid: registered.deviceUuid,
      keyPair,
    };
    await savePayDevice(device);
    return { kind: 'ready', device };
  } catch (error) {
    // No network on the way: the kept registration, if any, still makes codes the engine checks later.
    if (isApiError(error, 0)) return found ? { kind: 'ready', device: found } : { kind: 'needsOnline' };
    if (isApiError(error, 404) && found) await forgetPayDevice(found).catch(() => undefined);
    return { kind: 'refused', error };
  }
}
