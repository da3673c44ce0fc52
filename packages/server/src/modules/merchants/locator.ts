import { type SQL, sql } from 'drizzle-orm';
import { LOCATOR_MAX_RADIUS } from '@ebt/core/constants';
import type { MerchantLocatorItem, MerchantLocatorQuery } from '@ebt/core/merchants';
import type { DbOrTx } from '../../db/client.js';
import type { Caller } from '../../platform/caller.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';

// GET /merchant-api/merchant/locator?latitude&longitude (B§2 "Merchant locator", B§3 "Merchant locator item", B§7;
// docs/decisions/0022, 0114). The merchants a recipient can shop at near a point, nearest first: active
// merchants (0) with an active mapping (0) to one of the caller's programs (recipients: their accounts' programs;
// staff: their programs; platform admins: all), measured from the merchant's own coordinates (its physical address).
// Bounded: within `radius` (a step of LOCATOR_RADIUS_STEPS, LOCATOR_RADIUS_MILES when not given), at most
// LOCATOR_ROW_LIMIT rows. The latitude/longitude box is the pre-filter
// merchants_location_idx serves; the exact (haversine) distance then orders and trims the box's rows.

export const LOCATOR_RADIUS_MILES = LOCATOR_MAX_RADIUS;
export const LOCATOR_ROW_LIMIT = 200;
const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LATITUDE = 69.05;

/** The box around the point holding every place within `miles` (wider than the circle; the distance trims it). */
export function boundingBox(latitude: number, longitude: number, miles: number) {
  const dLat = miles / MILES_PER_DEGREE_LATITUDE;
  const cos = Math.cos((latitude * Math.PI) / 180);
  // Near a pole a degree of longitude is nearly nothing wide: take every longitude there.
  const dLng = cos < 0.01 ? 180 : Math.min(180, miles / (MILES_PER_DEGREE_LATITUDE * cos));
  return { minLat: latitude - dLat, maxLat: latitude + dLat, minLng: longitude - dLng, maxLng: longitude + dLng };
}

/** The programs condition on merchant_programs `mp`; undefined for platform admins (every program). */
export function programCondition(caller: Caller): SQL | undefined | false {
  if (caller.scope === 'all') return undefined;
  if (caller.scope === 'none' || caller.programIds.length === 0) return false;
  return sql`mp.program_id = any(${sql.param([...caller.programIds])}::int[])`;
}

/** The point the locator measures from, as SQL: its coordinates and the box around it (numeric bounds). */
export interface LocatorPoint {
  latitude: SQL;
  longitude: SQL;
  box: { minLat: SQL; maxLat: SQL; minLng: SQL; maxLng: SQL };
}

/**
 * The locator's SELECT around a point given as SQL: numbers for the locator itself, or columns of an outer row for the
 * first view (locator-start.ts), which reads its starting point and the merchants in one statement.
 */
export function nearbySelect(programs: SQL | undefined, point: LocatorPoint, radius: number): SQL {
  const lat = sql`radians(${point.latitude})`;
  const lng = sql`radians(${point.longitude})`;
  const { box } = point;
  return sql`
    select m.uuid as "merchantUuid", m.name as "merchantName", a.address1 as "addressOne", a.address2 as "addressTwo",
      a.city, a.state_code as "stateId", a.zipcode as "zipCode", m.mobile_phone as "mobilePhone", m.email,
      round(d.miles::numeric, 1)::float8 as distance, m.latitude::float8 as latitude, m.longitude::float8 as longitude
    from merchants m
    cross join lateral (
      select ${EARTH_RADIUS_MILES}::float8 * 2 * asin(least(1, sqrt(
        power(sin((radians(m.latitude::float8) - ${lat}) / 2), 2) +
        cos(${lat}) * cos(radians(m.latitude::float8)) * power(sin((radians(m.longitude::float8) - ${lng}) / 2), 2)
      ))) as miles
    ) d
    left join merchant_addresses a on a.merchant_id = m.id and a.kind = 'physical'
    where m.latitude between ${box.minLat} and ${box.maxLat}
      and m.longitude between ${box.minLng} and ${box.maxLng}
      and m.status_id = 0
      and exists (
        select 1 from merchant_programs mp
        where mp.merchant_id = m.id and mp.status_id = 0${programs ? sql` and ${programs}` : sql``}
      )
      and d.miles <= ${radius}
    order by d.miles, m.id
    limit ${LOCATOR_ROW_LIMIT}`;
}

/**
 * The box of boundingBox in SQL, around a point whose latitude and longitude are SQL expressions (float8). The same
 * arithmetic: a degree of latitude is MILES_PER_DEGREE_LATITUDE miles, a degree of longitude that times the cosine.
 */
export function sqlBox(latitude: SQL, longitude: SQL, miles: number): LocatorPoint['box'] {
  const dLat = miles / MILES_PER_DEGREE_LATITUDE;
  const cos = sql`cos(radians(${latitude}))`;
  const dLng = sql`(case when ${cos} < 0.01 then 180 else least(180, ${miles}::float8 / (${MILES_PER_DEGREE_LATITUDE}::float8 * ${cos})) end)`;
  return {
    minLat: sql`(${latitude} - ${dLat}::float8)::numeric`,
    maxLat: sql`(${latitude} + ${dLat}::float8)::numeric`,
    minLng: sql`(${longitude} - ${dLng})::numeric`,
    maxLng: sql`(${longitude} + ${dLng})::numeric`,
  };
}

/**
 * The locator's one statement: a raw SELECT, so the benchmark can print the same SQL beside the endpoint's timing.
 * A box crossing the antimeridian is not split (no US merchant lies near it).
 */
export function locatorQuery(
  caller: Caller,
  latitude: number,
  longitude: number,
  radius: number = LOCATOR_RADIUS_MILES,
): SQL | null {
  const programs = programCondition(caller);
  if (programs === false) return null;
  const box = boundingBox(latitude, longitude, radius);
  return nearbySelect(
    programs,
    {
      latitude: sql`${latitude}::float8`,
      longitude: sql`${longitude}::float8`,
      box: {
        minLat: sql`${box.minLat}::numeric`,
        maxLat: sql`${box.maxLat}::numeric`,
        minLng: sql`${box.minLng}::numeric`,
        maxLng: sql`${box.maxLng}::numeric`,
      },
    },
    radius,
  );
}

export async function locateMerchants(db: DbOrTx, caller: Caller, query: MerchantLocatorQuery) {
  const statement = locatorQuery(caller, query.latitude, query.longitude, query.radius);
  if (!statement) return [];
  const result = await db.execute(statement);
  return (result as unknown as { rows: MerchantLocatorItem[] }).rows;
}

/** GET /merchant-api/merchant/locator: the caller (already resolved) and this one query. */
export async function merchantLocator(
  context: RequestContext,
  query: MerchantLocatorQuery,
): Promise<MerchantLocatorItem[]> {
  const ctx = requireCaller(context);
  return locateMerchants(ctx.db, ctx.caller, query);
}
