import { type SQL, sql } from 'drizzle-orm';
import { DEFAULT_MAP_CENTER, LOCATOR_MAX_RADIUS } from '@ebt/core/constants';
import {
  firstLocatorRadius,
  type LocatorStart,
  type LocatorStartQuery,
  type MerchantLocatorItem,
} from '@ebt/core/merchants';
import type { Caller } from '../../platform/caller.js';
import { requireCaller, type RequestContext } from '../../platform/context.js';
import { nearbySelect, programCondition, sqlBox } from './locator.js';

// GET /merchant-api/locator/start (ours, decision 0114): where the locator looks on a first view without a browser
// position, and the merchants nearest it, in one call. The starting point, best first:
// - home: a recipient's own ZIP code, from the address on file of their first account with a ZIP the gazetteer knows
//   (labelled 'Hartford, CT 06103': the street stays off the screen);
// - program: the active merchant (with an active mapping to one of the caller's programs) nearest the middle of all
//   of them: a staff user's programs' area, always a place with a merchant in it;
// - default: the default point of decision 0022 when neither is known.
// Without a radius asked for, the answer holds every merchant within the locator's reach (100 miles) and names as
// `radius` the smallest step that finds one (core firstLocatorRadius): the screen shows those first, and 'Search a
// wider area' shows more without another call. With one, the merchants within it.

type Origin = LocatorStart['origin'];
type Row = Partial<MerchantLocatorItem> & {
  originLatitude: number;
  originLongitude: number;
  originLabel: string | null;
  originSource: Origin['source'];
};

/** The candidates for the starting point, best first (`rank`), as one SELECT; null when the caller has none. */
function startingPoints(caller: Caller, programs: SQL | undefined): SQL | null {
  const home =
    caller.scope === 'self'
      ? sql`(select z.latitude::float8 as latitude, z.longitude::float8 as longitude,
            z.city || ', ' || z.state_code || ' ' || z.zip as label, 'home' as source, 1 as rank
          from recipient_accounts a
          join zip_centroids z on z.zip = left(trim(a.zipcode), 5)
          where a.user_id = ${caller.userId} and a.status_id <> 2 and not a.is_card_pool
          order by a.id
          limit 1)`
      : null;
  const area = sql`(with visible as (
        select m.latitude::float8 as latitude, m.longitude::float8 as longitude
        from merchants m
        where m.status_id = 0 and m.latitude is not null and m.longitude is not null
          and exists (
            select 1 from merchant_programs mp
            where mp.merchant_id = m.id and mp.status_id = 0${programs ? sql` and ${programs}` : sql``}
          )
      ), middle as (select avg(latitude) as latitude, avg(longitude) as longitude from visible)
      select v.latitude, v.longitude, null::text as label, 'program' as source, 2 as rank
      from visible v, middle c
      order by power(v.latitude - c.latitude, 2) + power((v.longitude - c.longitude) * cos(radians(c.latitude)), 2)
      limit 1)`;
  return sql.join(home ? [home, area] : [area], sql` union all `);
}

/**
 * The first view's one statement after the caller: the best starting point, and beside it (a lateral join, so the
 * locator's box still reads merchants_location_idx) the locator's rows around it. No row: no starting point (and then,
 * in the caller's scope, no merchant with coordinates anywhere); one row with no merchant: none within reach.
 */
export function locatorStartQuery(caller: Caller, radius: number): SQL | null {
  const programs = programCondition(caller);
  if (programs === false) return null;
  const points = startingPoints(caller, programs);
  const latitude = sql`o.latitude`;
  const longitude = sql`o.longitude`;
  return sql`
    with origin as (select * from (${points}) candidates order by rank limit 1)
    select o.latitude as "originLatitude", o.longitude as "originLongitude", o.label as "originLabel",
      o.source as "originSource", n.*
    from origin o
    left join lateral (
      ${nearbySelect(programs, { latitude, longitude, box: sqlBox(latitude, longitude, radius) }, radius)}
    ) n on true
    order by n.distance, n."merchantUuid"`;
}

const DEFAULT_ORIGIN: Origin = { ...DEFAULT_MAP_CENTER, label: null, source: 'default' };

export async function startLocator(context: RequestContext, query: LocatorStartQuery): Promise<LocatorStart> {
  const ctx = requireCaller(context);
  const statement = locatorStartQuery(ctx.caller, query.radius ?? LOCATOR_MAX_RADIUS);
  const result = statement ? await ctx.db.execute(statement) : null;
  const rows = result ? (result as unknown as { rows: Row[] }).rows : [];
  const first = rows[0];
  const origin: Origin = first
    ? {
        latitude: first.originLatitude,
        longitude: first.originLongitude,
        label: first.originLabel,
        source: first.originSource,
      }
    : DEFAULT_ORIGIN;
  const merchants: MerchantLocatorItem[] = rows
    .filter((row) => row.merchantUuid)
    .map((row) => ({
      merchantUuid: row.merchantUuid!,
      merchantName: row.merchantName!,
      addressOne: row.addressOne ?? null,
      addressTwo: row.addressTwo ?? null,
      city: row.city ?? null,
      stateId: row.stateId ?? null,
      zipCode: row.zipCode ?? null,
      mobilePhone: row.mobilePhone ?? null,
      email: row.email ?? null,
      distance: row.distance!,
      latitude: row.latitude ?? null,
      longitude: row.longitude ?? null,
    }));
  return { origin, radius: query.radius ?? firstLocatorRadius(merchants[0]?.distance), merchants };
}
