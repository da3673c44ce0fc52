import { useMutation, useQuery } from '@tanstack/react-query';
import { GeocodePlace, MerchantLocatorItem } from '@ebt/core/merchants';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

// The locator's two calls (B§7 "Merchant locator", issue 13 item 8), answers parsed with core's schemas.

export type LocatorMerchant = MerchantLocatorItem;

export interface MapPoint {
  latitude: number;
  longitude: number;
}

export const locatorKeys = {
  all: ['merchants', 'locator'] as const,
  near: (point: MapPoint) => [...locatorKeys.all, point.latitude, point.longitude] as const,
};

/** GET /merchant-api/merchant/locator?latitude&longitude: the merchants the caller may see, nearest first. */
export function useLocatorMerchants(point: MapPoint | null) {
  return useQuery({
    queryKey: point ? locatorKeys.near(point) : locatorKeys.all,
    enabled: point !== null,
    queryFn: async ({ signal }) =>
      z.array(MerchantLocatorItem).parse(
        await api.get<unknown>('/merchant-api/merchant/locator', {
          query: { latitude: point!.latitude, longitude: point!.longitude },
          signal,
        }),
      ),
  });
}

/** GET /merchant-api/geocode?q=: the places the text names, best first ([] when none). */
export function useGeocode() {
  return useMutation({
    mutationFn: async (q: string) =>
      z.array(GeocodePlace).parse(await api.get<unknown>('/merchant-api/geocode', { query: { q } })),
  });
}
