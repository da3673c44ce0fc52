import { useMutation, useQuery } from '@tanstack/react-query';
import { merchantApi, type MerchantLocatorItem } from '@ebt/core/merchants';
import { callEndpoint, endpointKey, endpointQuery } from '../../../lib/endpoint-client';

// The locator's two calls (B§7 "Merchant locator"), through their contracts in merchantApi.

export type LocatorMerchant = MerchantLocatorItem;

export interface MapPoint {
  latitude: number;
  longitude: number;
}

/** The merchants the caller may see near the point, nearest first. Nothing runs until there is a point. */
export function useLocatorMerchants(point: MapPoint | null) {
  return useQuery({
    ...(point
      ? endpointQuery(merchantApi.locator, { query: { latitude: point.latitude, longitude: point.longitude } })
      : { queryKey: endpointKey(merchantApi.locator) }),
    enabled: point !== null,
  });
}

/** The places the text names (a ZIP code, 'City, ST' or a city), best first ([] when none). */
export function useGeocode() {
  return useMutation({
    mutationFn: (q: string) => callEndpoint(merchantApi.geocode, { query: { q } }),
  });
}
