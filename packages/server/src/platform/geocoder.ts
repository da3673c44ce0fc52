import { inArray } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { DbOrTx } from '../db/client.js';
import { geocodeCache } from '../db/schema/index.js';

// The street geocoder (decision 0114): a street address to a point and the provider's name for it. One provider
// speaks the Nominatim HTTP API (GEOCODER_URL: OpenStreetMap's public server or one of our own). Its usage policy asks
// for a User-Agent that names the application and a contact, and at most one request a second: every request to one
// provider from this process takes a turn on one clock. Answers and misses are kept in geocode_cache under the
// normalised query, so an address is asked about once whatever the instance; a provider error is not kept (the next
// call asks again) and the caller falls back to the ZIP gazetteer.

export interface GeocodedPlace {
  latitude: number;
  longitude: number;
  label: string;
}

export interface Geocoder {
  /** Short name kept with each cached answer (geocode_cache.provider). */
  readonly provider: string;
  /**
   * The address's point, or null when the provider knows no such place. Throws GeocoderUnavailable when it could not
   * answer (down, slow, refused, a malformed answer), or when its turn would come after `deadline` (epoch ms).
   */
  geocode(address: string, options?: { deadline?: number }): Promise<GeocodedPlace | null>;
}

class GeocoderUnavailable extends Error {
  constructor(reason: string) {
    super(`street geocoder unavailable: ${reason}`);
    this.name = 'GeocoderUnavailable';
  }
}

/** Nominatim's policy: an absolute maximum of one request per second. */
const GEOCODER_INTERVAL_MS = 1000;
/** A person waits on a search; past this the ZIP gazetteer answers instead. */
export const GEOCODER_TIMEOUT_MS = 4000;
/** geocode_cache.query is varchar(300). */
const QUERY_MAX = 300;

/** The cache's key of a query: trimmed, runs of white space as one space, lower case, at most 300 characters. */
export function normaliseQuery(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase().slice(0, QUERY_MAX);
}

// The next free turn of each provider (its base URL), for this process.
const nextTurn = new Map<string, number>();

/**
 * Waits for the provider's next turn and takes it; false (taking nothing) when that turn comes after `deadline`.
 * Turns are handed out in call order, each GEOCODER_INTERVAL_MS after the one before.
 */
async function takeTurn(key: string, deadline: number | undefined): Promise<boolean> {
  const now = Date.now();
  const at = Math.max(now, nextTurn.get(key) ?? 0);
  if (deadline !== undefined && at > deadline) return false;
  nextTurn.set(key, at + GEOCODER_INTERVAL_MS);
  if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
  return true;
}

interface NominatimPlace {
  lat?: unknown;
  lon?: unknown;
  display_name?: unknown;
}

/** A provider speaking the Nominatim search API: GET {base}/search?q=…&format=jsonv2&limit=1&countrycodes=us. */
export function nominatimGeocoder(options: { baseUrl: string; userAgent: string; timeoutMs?: number }): Geocoder {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? GEOCODER_TIMEOUT_MS;
  return {
    provider: 'nominatim',
    async geocode(address, { deadline } = {}) {
      if (!(await takeTurn(base, deadline))) throw new GeocoderUnavailable('no turn before the deadline');
      const params = new URLSearchParams({
        q: address,
        format: 'jsonv2',
        limit: '1',
        countrycodes: 'us',
        addressdetails: '0',
      });
      let body: unknown;
      try {
        const res = await fetch(`${base}/search?${params}`, {
          headers: { 'User-Agent': options.userAgent, Accept: 'application/json', 'Accept-Language': 'en' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) throw new GeocoderUnavailable(`HTTP ${res.status}`);
        body = await res.json();
      } catch (error) {
        if (error instanceof GeocoderUnavailable) throw error;
        throw new GeocoderUnavailable(error instanceof Error ? error.name : 'request failed');
      }
      if (!Array.isArray(body)) throw new GeocoderUnavailable('the answer is not a list');
      const first = body[0] as NominatimPlace | undefined;
      if (!first) return null;
      const latitude = Number(first.lat);
      const longitude = Number(first.lon);
      if (
        !Number.isFinite(latitude) ||
        !Number.isFinite(longitude) ||
        Math.abs(latitude) > 90 ||
        Math.abs(longitude) > 180
      )
        throw new GeocoderUnavailable('the answer has no coordinates');
      const label = typeof first.display_name === 'string' && first.display_name.trim() ? first.display_name : address;
      return { latitude, longitude, label: label.trim().slice(0, QUERY_MAX) };
    },
  };
}

/** The product and a contact, as Nominatim's usage policy asks: the portal's address and its mail sender. */
function geocoderUserAgent(config: Pick<Config, 'publicUrl' | 'mailFrom'>): string {
  const contact = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom;
  return `MarketLink-EBT-Portal/1.0 (+${config.publicUrl}; ${contact})`;
}

const geocoders = new Map<string, Geocoder>();

/** The configured street geocoder, made once per base URL and user agent; null when GEOCODER_URL is not set. */
export function configuredGeocoder(config: Config): Geocoder | null {
  if (!config.geocoderUrl) return null;
  const userAgent = geocoderUserAgent(config);
  const key = `${config.geocoderUrl} ${userAgent}`;
  let geocoder = geocoders.get(key);
  if (!geocoder) {
    geocoder = nominatimGeocoder({ baseUrl: config.geocoderUrl, userAgent });
    geocoders.set(key, geocoder);
  }
  return geocoder;
}

/** What the cached geocoder says of one address. */
export type StreetAnswer =
  | { kind: 'found'; place: GeocodedPlace }
  | { kind: 'miss' }
  /** The provider could not answer (or had no turn in time): nothing cached; fall back. */
  | { kind: 'unavailable' };

interface CacheRow {
  query: string;
  latitude: number | null;
  longitude: number | null;
  label: string | null;
}

function fromCache(row: CacheRow): StreetAnswer {
  return row.latitude === null || row.longitude === null
    ? { kind: 'miss' }
    : { kind: 'found', place: { latitude: row.latitude, longitude: row.longitude, label: row.label ?? row.query } };
}

async function cachedRows(db: DbOrTx, keys: string[]): Promise<Map<string, StreetAnswer>> {
  const found = new Map<string, StreetAnswer>();
  if (keys.length === 0) return found;
  const rows = await db
    .select({
      query: geocodeCache.query,
      latitude: geocodeCache.latitude,
      longitude: geocodeCache.longitude,
      label: geocodeCache.label,
    })
    .from(geocodeCache)
    .where(inArray(geocodeCache.query, keys));
  for (const row of rows) found.set(row.query, fromCache(row));
  return found;
}

/** Asks the provider and keeps its answer or miss (another instance may have kept it first: its row stands). */
async function askAndKeep(
  db: DbOrTx,
  geocoder: Geocoder,
  key: string,
  address: string,
  deadline: number | undefined,
): Promise<StreetAnswer> {
  let place: GeocodedPlace | null;
  try {
    place = await geocoder.geocode(address, { deadline });
  } catch (error) {
    if (error instanceof GeocoderUnavailable) return { kind: 'unavailable' };
    throw error;
  }
  await db
    .insert(geocodeCache)
    .values({
      query: key,
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
      label: place?.label ?? null,
      provider: geocoder.provider,
    })
    .onConflictDoNothing({ target: geocodeCache.query });
  return place ? { kind: 'found', place } : { kind: 'miss' };
}

/** One address through the cache, then the provider. */
export async function geocodeStreet(db: DbOrTx, geocoder: Geocoder, address: string): Promise<StreetAnswer> {
  const key = normaliseQuery(address);
  const cached = (await cachedRows(db, [key])).get(key);
  return cached ?? askAndKeep(db, geocoder, key, address, undefined);
}

/**
 * Many addresses (a file import): the cached ones in one query, the others asked of the provider by at most
 * `concurrency` workers until `budgetMs` has passed; what the budget leaves unasked answers 'unavailable', so the
 * caller places it at its ZIP's centroid and the import finishes whatever the provider does. Keyed by normalised query.
 */
export async function geocodeStreets(
  db: DbOrTx,
  geocoder: Geocoder,
  addresses: readonly string[],
  options: { budgetMs: number; concurrency: number },
): Promise<Map<string, StreetAnswer>> {
  const byKey = new Map<string, string>();
  for (const address of addresses) {
    const key = normaliseQuery(address);
    if (key && !byKey.has(key)) byKey.set(key, address);
  }
  const answers = await cachedRows(db, [...byKey.keys()]);
  const toAsk = [...byKey].filter(([key]) => !answers.has(key));
  const deadline = Date.now() + options.budgetMs;
  let next = 0;
  const worker = async () => {
    while (next < toAsk.length) {
      const [key, address] = toAsk[next++]!;
      const answer = Date.now() > deadline ? null : await askAndKeep(db, geocoder, key, address, deadline);
      answers.set(key, answer ?? { kind: 'unavailable' });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, toAsk.length)) }, worker));
  return answers;
}
