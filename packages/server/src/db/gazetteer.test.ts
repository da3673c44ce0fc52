import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SQL, sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client.js';
import { ensureGazetteer, gazetteerSource, usZipRows } from './gazetteer.js';
import { migrateDatabase } from './migrate.js';
import { createTestDatabase } from '../testing/database.js';

// The gazetteer data step (decision 0022): every migrated database holds the package's US ZIP centroids once.

let database: Database;
const query = async (statement: SQL) =>
  (await database.db.execute(statement)) as unknown as { rows: Record<string, unknown>[] };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

describe('zip_centroids', () => {
  it('holds every US row of the zipcodes package after the migrations, recorded under its version', async () => {
    const expected = usZipRows().length;
    expect(expected).toBeGreaterThan(40_000);
    const count = await query(sql`select count(*)::int as n from zip_centroids`);
    expect(count.rows[0]).toEqual({ n: expected });
    const loads = await query(sql`select source, row_count from gazetteer_loads`);
    expect(loads.rows).toEqual([{ source: gazetteerSource(), row_count: expected }]);
    const hartford = await query(
      sql`select city, state_code, latitude::float8 as lat, longitude::float8 as lng from zip_centroids where zip = '06103'`,
    );
    expect(hartford.rows).toEqual([{ city: 'Hartford', state_code: 'CT', lat: 41.7672, lng: -72.676 }]);
    const canadian = await query(sql`select count(*)::int as n from zip_centroids where zip !~ '^[0-9]{5}$'`);
    expect(canadian.rows[0]).toEqual({ n: 0 });
    // Military codes the package places at 0,0 are no place to measure from.
    const nowhere = await query(sql`select count(*)::int as n from zip_centroids where latitude = 0 and longitude = 0`);
    expect(nowhere.rows[0]).toEqual({ n: 0 });
  });

  it('is idempotent: a second run writes nothing and migrating again keeps one copy', async () => {
    expect(await ensureGazetteer(database.db)).toBe(0);
    await migrateDatabase(database);
    const count = await query(sql`select count(*)::int as n from zip_centroids`);
    expect(count.rows[0]).toEqual({ n: usZipRows().length });
  });

  it('replaces the rows when the recorded version is another one', async () => {
    await query(sql`update gazetteer_loads set source = 'zipcodes@0.0.1'`);
    await query(sql`update zip_centroids set city = 'Stale' where zip = '06103'`);
    expect(await ensureGazetteer(database.db)).toBe(usZipRows().length);
    const row = await query(sql`select city from zip_centroids where zip = '06103'`);
    expect(row.rows).toEqual([{ city: 'Hartford' }]);
    const loads = await query(sql`select source from gazetteer_loads`);
    expect(loads.rows).toEqual([{ source: gazetteerSource() }]);
  });

  // How long the load takes is a bench figure (decision 0022), not a test's: a timed assertion failed on a shared
  // machine (8 s against 5) while the load itself was right.
  it('loads into a fresh database after its migrations', async () => {
    const fresh = await openDatabase({ kind: 'pglite' });
    try {
      await migrateDatabase(fresh);
      await fresh.db.execute(sql`delete from gazetteer_loads`);
      await ensureGazetteer(fresh.db);
      const rows = (await fresh.db.execute(sql`select count(*)::int as n from zip_centroids`)) as unknown as {
        rows: { n: number }[];
      };
      expect(rows.rows[0]!.n).toBeGreaterThan(30_000);
    } finally {
      await fresh.close();
    }
  });
});

describe('zip_centroids indexes', () => {
  it('are there after a load, as the migration defines them', async () => {
    const fresh = await createTestDatabase();
    try {
      const rows = (await fresh.db.execute(
        sql`select indexdef from pg_indexes where tablename = 'zip_centroids' order by indexname`,
      )) as unknown as { rows: { indexdef: string }[] };
      expect(rows.rows.map((r) => r.indexdef.replace(/ public\./g, ' '))).toEqual([
        'CREATE INDEX zip_centroids_city_lower_idx ON zip_centroids USING btree (lower((city)::text) text_pattern_ops)',
        'CREATE UNIQUE INDEX zip_centroids_pkey ON zip_centroids USING btree (zip)',
        'CREATE INDEX zip_centroids_state_city_idx ON zip_centroids USING btree (state_code, lower((city)::text))',
      ]);
    } finally {
      await fresh.close();
    }
  });
});
