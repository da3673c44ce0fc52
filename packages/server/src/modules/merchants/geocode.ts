import { type SQL, sql } from 'drizzle-orm';
import { type GeocodeQuery, type GeocodePlace, MERCHANT_MESSAGES } from '@ebt/core/merchants';
import type { DbOrTx } from '../../db/client.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { configuredGeocoder, geocodeStreet } from '../../platform/geocoder.js';
import { escapeLike } from '../../platform/search-sql.js';

// GET /merchant-api/geocode?q= (docs/decisions/0022, 0114): the locator's location search over the ZIP gazetteer
// (zip_centroids), our own call since the product loads no hosted maps script. Three forms:
// - a 5-digit ZIP: that ZIP's centroid, labelled 'Austin, TX 78701';
// - 'City, ST': cities of that state whose name starts with City;
// - anything else: cities whose name starts with the text, in any state.
// A city answers once, at the mean of its ZIP centroids, labelled 'Austin, TX'. Best first: the exact name, then
// bigger places (more ZIPs: the population proxy the package allows), then by name. At most GEOCODE_LIMIT answers.
// A street address goes to the street geocoder when GEOCODER_URL is set (platform/geocoder.ts, cached) and answers
// its one place with the provider's label; without one it answers 400 STREET_SEARCH_OFF.

export const GEOCODE_LIMIT = 5;

const ZIP = /^(\d{5})(?:-\d{4})?$/;
const CITY_STATE = /^(.+?)\s*,\s*([A-Za-z]{2})$/;

function cityQuery(city: string, stateCode: string | null): SQL {
  return sql`
    select city || ', ' || state_code as label,
      round(avg(latitude), 6)::float8 as latitude, round(avg(longitude), 6)::float8 as longitude
    from zip_centroids
    where lower(city) like lower(${`${escapeLike(city)}%`})${stateCode ? sql` and state_code = ${stateCode}` : sql``}
    group by city, state_code
    order by (lower(city) = lower(${city})) desc, count(*) desc, city, state_code
    limit ${GEOCODE_LIMIT}`;
}

export async function geocode(db: DbOrTx, q: string): Promise<GeocodePlace[]> {
  const text = q.trim().replace(/\s+/g, ' ');
  const zip = ZIP.exec(text);
  const cityState = CITY_STATE.exec(text);
  const statement = zip
    ? sql`select city || ', ' || state_code || ' ' || zip as label, latitude::float8 as latitude,
            longitude::float8 as longitude
          from zip_centroids where zip = ${zip[1]!}`
    : cityState
      ? cityQuery(cityState[1]!, cityState[2]!.toUpperCase())
      : cityQuery(text, null);
  const result = await db.execute(statement);
  return (result as unknown as { rows: GeocodePlace[] }).rows;
}

/**
 * A street address: a house number, then a word ('100 Congress Ave, Austin, TX'). A ZIP code alone is not one, and
 * neither is a city or 'City, ST' (the gazetteer answers those, with no provider call).
 */
function isStreetAddress(text: string): boolean {
  return !ZIP.test(text) && /^\d+[A-Za-z]?(?:-\d+)?\s+[A-Za-z0-9]/.test(text);
}

const TRAILING_ZIP = /\b(\d{5})(?:-\d{4})?$/;
const TRAILING_CITY_STATE = /(?:^|,)\s*([^,]+?)\s*,\s*([A-Za-z]{2})$/;

/**
 * What the gazetteer can make of a street address the provider could not place: its ZIP code ('…, TX 78701'), else
 * its city ('…, Austin, TX'); [] when it names neither.
 */
async function gazetteerPartOf(db: DbOrTx, text: string): Promise<GeocodePlace[]> {
  const zip = TRAILING_ZIP.exec(text);
  if (zip) {
    const places = await geocode(db, zip[1]!);
    if (places.length > 0) return places;
  }
  const cityState = TRAILING_CITY_STATE.exec(text.replace(TRAILING_ZIP, '').trim().replace(/,$/, ''));
  return cityState ? geocode(db, `${cityState[1]}, ${cityState[2]}`) : [];
}

export async function geocodeLocation(context: RequestContext, query: GeocodeQuery): Promise<GeocodePlace[]> {
  const ctx = requireCaller(context);
  const text = query.q.trim().replace(/\s+/g, ' ');
  if (!isStreetAddress(text)) return geocode(ctx.db, text);
  const geocoder = configuredGeocoder(ctx.config);
  if (!geocoder) throw AppError.badRequest(MERCHANT_MESSAGES.STREET_SEARCH_OFF, 'q');
  const answer = await geocodeStreet(ctx.db, geocoder, text);
  if (answer.kind === 'found') return [answer.place];
  // A miss or a provider that could not answer: the address's ZIP code or city, labelled as the gazetteer names it,
  // so the screen says what it shows. The text of the address itself stays out of the log.
  if (answer.kind === 'unavailable') ctx.log.warn({ event: 'geocoder_unavailable' }, 'street geocoder fell back');
  return gazetteerPartOf(ctx.db, text);
}
