import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { zipCentroids } from '../../db/schema/index.js';

// Coordinates of merchant addresses (issue 13 item 7, decision 0022): a latitude and longitude given with the
// address are kept; otherwise the centroid of its ZIP (first five digits) from the gazetteer; otherwise null. Add,
// update and the merchant file import all come through here, so every write path places addresses the same way.

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** The five-digit ZIP of a zipcode as stored ('06103' or '06103-1234'); null when it does not start with one. */
export function zip5(zipcode: string): string | null {
  const match = /^(\d{5})/.exec(zipcode.trim());
  return match ? match[1]! : null;
}

/** The centroids of the given five-digit ZIPs, in one query; ZIPs the gazetteer does not know are left out. */
export async function locateZips(db: DbOrTx, zips: string[]): Promise<Map<string, Coordinates>> {
  const wanted = [...new Set(zips.filter((z) => /^\d{5}$/.test(z)))];
  const found = new Map<string, Coordinates>();
  if (wanted.length === 0) return found;
  const rows = await db
    .select({ zip: zipCentroids.zip, latitude: zipCentroids.latitude, longitude: zipCentroids.longitude })
    .from(zipCentroids)
    .where(inArray(zipCentroids.zip, wanted));
  for (const row of rows) found.set(row.zip, { latitude: Number(row.latitude), longitude: Number(row.longitude) });
  return found;
}

/** An address to place: the zipcode, and coordinates when the caller has them. */
export interface AddressToLocate {
  zipcode: string;
  latitude?: number | null;
  longitude?: number | null;
}

/**
 * Each address with its coordinates, in the order given (one query for all their ZIPs). Only a complete pair counts
 * as given: a latitude without a longitude places nothing, so the ZIP's centroid is used instead.
 */
export async function locateAddresses<A extends AddressToLocate>(
  db: DbOrTx,
  addresses: A[],
): Promise<(A & { latitude: number | null; longitude: number | null })[]> {
  const given = (a: A) => a.latitude != null && a.longitude != null;
  const centroids = await locateZips(
    db,
    addresses.filter((a) => !given(a)).flatMap((a) => zip5(a.zipcode) ?? []),
  );
  return addresses.map((a) => {
    if (given(a)) return { ...a, latitude: a.latitude!, longitude: a.longitude! };
    const centroid = centroids.get(zip5(a.zipcode) ?? '');
    return { ...a, latitude: centroid?.latitude ?? null, longitude: centroid?.longitude ?? null };
  });
}
