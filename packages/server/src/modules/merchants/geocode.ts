import { type SQL, sql } from 'drizzle-orm';
import type { GeocodeQuery, GeocodePlace } from '@ebt/core/merchants';
import type { DbOrTx } from '../../db/client.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { escapeLike } from '../../platform/search-sql.js';

// GET /merchant-api/geocode?q= (issue 13 item 8; docs/decisions/0022): the locator's location search over the ZIP
// gazetteer (zip_centroids), our own call since the product loads no hosted maps script. Three forms:
// - a 5-digit ZIP: that ZIP's centroid, labelled 'Austin, TX 78701';
// - 'City, ST': cities of that state whose name starts with City;
// - anything else: cities whose name starts with the text, in any state.
// A city answers once, at the mean of its ZIP centroids, labelled 'Austin, TX'. Best first: the exact name, then
// bigger places (more ZIPs: the population proxy the package allows), then by name. At most GEOCODE_LIMIT answers.

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

export async function geocodeLocation(context: RequestContext, query: GeocodeQuery): Promise<GeocodePlace[]> {
  const ctx = requireCaller(context);
  return geocode(ctx.db, query.q);
}
