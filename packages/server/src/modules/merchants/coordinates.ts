import { inArray } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { configuredGeocoder, GEOCODER_TIMEOUT_MS, geocodeStreets, normaliseQuery } from '../../platform/geocoder.js';
import { zipCentroids } from '../../db/schema/index.js';

// Coordinates of merchant addresses (decisions 0022, 0114): a latitude and longitude given with the address are kept;
// otherwise, when GEOCODER_URL is set, the street geocoder's point (placeStreets, before the write's transaction);
// otherwise the centroid of its ZIP (first five digits) from the gazetteer; otherwise null. Add, update and the
// merchant file import all come through here, so every write path places addresses the same way.

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

/** What the street geocoder needs of an address: its street, city, state and zipcode. */
interface StreetAddress extends AddressToLocate {
  addressOne: string;
  city: string;
  stateCode: string;
}

/** The one-line address asked of the street geocoder (the suite line left out: it only confuses the search). */
export function streetQuery(a: StreetAddress): string {
  return `${a.addressOne.trim()}, ${a.city.trim()}, ${a.stateCode.trim().toUpperCase()} ${a.zipcode.trim()}`;
}

/** The import's share of the provider (decision 0114): it asks for at most this long, then uses ZIP centroids. */
export const IMPORT_GEOCODE_BUDGET_MS = 20_000;
const IMPORT_GEOCODE_CONCURRENCY = 2;

/**
 * The addresses with the street geocoder's point where it has one (decision 0114), for locateAddresses to keep as
 * given. Addresses with a given pair are not asked about; those it cannot place (a miss, the provider down or slow,
 * the import's budget spent) are left as they were and get their ZIP's centroid. With GEOCODER_URL unset nothing is
 * asked and the addresses come back as they are. Called before the write's transaction: no lock waits on a provider.
 */
export async function placeStreets<A extends StreetAddress>(
  ctx: { db: DbOrTx; config: Config },
  addresses: A[],
  options: { budgetMs?: number } = {},
): Promise<A[]> {
  const geocoder = configuredGeocoder(ctx.config);
  if (!geocoder) return addresses;
  const unplaced = addresses.filter((a) => a.latitude == null || a.longitude == null);
  if (unplaced.length === 0) return addresses;
  const answers = await geocodeStreets(ctx.db, geocoder, unplaced.map(streetQuery), {
    budgetMs: options.budgetMs ?? GEOCODER_TIMEOUT_MS,
    concurrency: IMPORT_GEOCODE_CONCURRENCY,
  });
  return addresses.map((a) => {
    if (a.latitude != null && a.longitude != null) return a;
    const answer = answers.get(normaliseQuery(streetQuery(a)));
    return answer?.kind === 'found' ? { ...a, latitude: answer.place.latitude, longitude: answer.place.longitude } : a;
  });
}
