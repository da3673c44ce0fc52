import { benefitApi } from '@ebt/core/benefits';
import { cardDeviceApi } from '@ebt/core/card-devices';
import { panApi } from '@ebt/core/pans';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointQuery } from '../../lib/endpoint-client';

// The pay codes' reads and changes (decision 0108), each through its contract: the recipient's cards and balances
// (what the Pay screen shows of a card), the phones of a card (cardDeviceApi), for the recipient and for staff.

/** The recipient's cards, masked (the same read, and cache entry, as the card controls). */
export function useOwnCards(enabled = true) {
  return useQuery({ ...endpointQuery(panApi.ownCards, {}), enabled });
}

/** The recipient's balance per program. */
export function useOwnBalances(enabled = true) {
  return useQuery({ ...endpointQuery(benefitApi.balances, {}), enabled });
}

/**
 * The phones of one of the recipient's cards. On the Pay screen it is read again every few seconds while a code shows:
 * a code spent at a market sets its phone's lastUsedAt, and the screen then makes a new one.
 */
export function useOwnCardDevices(
  panId: number,
  options: { enabled?: boolean; refetchInterval?: number | false } = {},
) {
  return useQuery({
    ...endpointQuery(cardDeviceApi.listOwn, { params: { panId } }),
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchInterval ?? false,
    retry: false,
  });
}

/** Registers this phone's public key for the card: its deviceUuid. */
export function registerDevice(panId: number, publicKey: string, name: string) {
  return callEndpoint(cardDeviceApi.register, { params: { panId }, body: { publicKey, name } });
}

/** The card's phones, read once (the Pay screen's check that this phone is still registered). */
export function readOwnDevices(panId: number) {
  return callEndpoint(cardDeviceApi.listOwn, { params: { panId } });
}

/** Removes one of the recipient's phones; the card's list reloads. */
export function useRemoveOwnDevice(panId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceUuid: string) => callEndpoint(cardDeviceApi.removeOwn, { params: { panId, deviceUuid } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(cardDeviceApi.listOwn) }),
  });
}

/** The phones of a recipient's PAN (staff). */
export function useCardDevices(panId: number) {
  return useQuery({ ...endpointQuery(cardDeviceApi.list, { params: { panId } }), retry: false });
}

/** Removes a phone from a recipient's PAN (staff); the recipient is told by the server. */
export function useRemoveDevice(panId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceUuid: string) => callEndpoint(cardDeviceApi.remove, { params: { panId, deviceUuid } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(cardDeviceApi.list) }),
  });
}
