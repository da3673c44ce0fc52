import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

// The US ZIP gazetteer (decision 0022): ZIP code centroids from the `zipcodes` npm package, so
// merchant coordinates and the locator's location search need no outside service. drizzle-kit migrations are SQL
// only and the data (about 42,000 rows) belongs to the package, not to a migration file, so this data step runs
// right after the SQL migrations (migrate.ts applyMigrations), keyed by the package's version in gazetteer_loads:
// nothing to do when that version is loaded; a new version replaces the rows in one transaction.

const require = createRequire(import.meta.url);

interface ZipcodeEntry {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

/** 'zipcodes@8.0.0': the data set the table holds. */
export function gazetteerSource(): string {
  const { version } = require('zipcodes/package.json') as { version: string };
  return `zipcodes@${version}`;
}

/**
 * The package's table of codes. Its module is one object literal (`exports.codes = {...};`): read as JSON it takes
 * less than half the time of compiling it as JavaScript, which every fresh test database pays. Should a later
 * version change that shape, the module is required as usual.
 */
function packageCodes(): Record<string, ZipcodeEntry> {
  const file = require.resolve('zipcodes/lib/codes.js');
  try {
    const source = readFileSync(file, 'utf8');
    const start = source.indexOf('{');
    return JSON.parse(source.slice(start, source.indexOf('};', start) + 1)) as Record<string, ZipcodeEntry>;
  } catch {
    return (require(file) as { codes: Record<string, ZipcodeEntry> }).codes;
  }
}

/**
 * The package's US rows. Left out: Canadian postal codes, and the few hundred military (APO/FPO) codes it places
 * at 0,0, a placeholder rather than a place.
 */
export function usZipRows(): ZipcodeEntry[] {
  return Object.values(packageCodes()).filter(
    (c) => c.country === 'US' && /^\d{5}$/.test(c.zip) && !(c.latitude === 0 && c.longitude === 0),
  );
}

type AnyPgDatabase = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

/**
 * Loads zip_centroids unless this package version is loaded already. One insert for all rows (five arrays unnested
 * side by side): one round trip and one parse, which keeps the step cheap for every fresh test database.
 * Returns the number of rows written (0 when there was nothing to do).
 */
export async function ensureGazetteer(db: AnyPgDatabase): Promise<number> {
  const source = gazetteerSource();
  const done = (await db.execute(sql`select 1 from gazetteer_loads where source = ${source}`)) as unknown as {
    rows: unknown[];
  };
  if (done.rows.length > 0) return 0;
  const rows = usZipRows();
  // sql.param: one array parameter each (a bare array in a sql template would become one parameter per element).
  const column = <K extends keyof ZipcodeEntry>(key: K) => sql.param(rows.map((r) => r[key]));
  await db.transaction(async (tx) => {
    // Another version's rows go first; a ZIP the new version dropped must not stay behind.
    await tx.execute(sql`delete from zip_centroids`);
    // The two search indexes are built once after the rows rather than kept up row by row: about a third of the
    // load's time on PGlite. Their definitions are read back from the catalogue, so the migration stays their one
    // source; the primary key stays (the insert relies on it for duplicate ZIPs).
    const indexes = (await tx.execute(sql`
      select indexname, indexdef from pg_indexes
      where schemaname = current_schema() and tablename = 'zip_centroids' and indexname <> 'zip_centroids_pkey'`)) as unknown as {
      rows: { indexname: string; indexdef: string }[];
    };
    for (const { indexname } of indexes.rows) await tx.execute(sql`drop index ${sql.identifier(indexname)}`);
    await tx.execute(sql`
      insert into zip_centroids (zip, city, state_code, latitude, longitude)
      select * from unnest(
        ${column('zip')}::text[], ${column('city')}::text[], ${column('state')}::text[],
        ${column('latitude')}::numeric[], ${column('longitude')}::numeric[])`);
    for (const { indexdef } of indexes.rows) await tx.execute(sql.raw(indexdef));
    await tx.execute(sql`delete from gazetteer_loads`);
    await tx.execute(sql`insert into gazetteer_loads (source, row_count) values (${source}, ${rows.length})`);
  });
  return rows.length;
}
