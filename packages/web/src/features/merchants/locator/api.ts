import { useMutation, useQuery } from '@tanstack/react-query';
import { merchantApi, type MerchantLocatorItem } from '@ebt/core/merchants';
import { callEndpoint, endpointKey, endpointQuery } from '../../../lib/endpoint-client';

// The locator's calls (B§7 "Merchant locator"; its first view, decision 0114), through their contracts in merchantApi.

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

/**
 * Where a first view looks without a browser position (the recipient's ZIP code, else the programs' area, else the
 * default point) and every merchant within reach of it, in one call (decision 0114). Runs only while `enabled`.
 */
export function useLocatorStart(enabled: boolean) {
  return useQuery({ ...endpointQuery(merchantApi.locatorStart, { query: {} }), enabled });
}

/**
 * The places the text names (a ZIP code, 'City, ST' or a city; a street address when the server has a street
 * geocoder), best first ([] when none).
 */
export function useGeocode() {
  return useMutation({
    mutationFn: (q: string) => callEndpoint(merchantApi.geocode, { query: { q } }),
  });
}
