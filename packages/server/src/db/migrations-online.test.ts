import { mkdtemp, rm, symlink, writeFile, mkdir } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, databaseUrl, dropDatabase, uniqueDatabaseName } from '../testing/database.js';
import { MIGRATIONS_FOLDER } from './migrate.js';

// Schema changes without downtime (docs/migrations.md). During a rolling deploy the instances of the previous release
// keep serving while the first instance of the next one applies its migrations, so a migration must leave the
// previous release's statements working and must not hold a lock that stops them for long. Two checks:
//
// - A lint of every migration from FIRST_ONLINE_MIGRATION on (the ones written under the rule): statements that break
//   the previous release (drop, rename, type change) need a `-- contract step: <why it is safe>` comment right above
//   them, statements that lock or rewrite a big table in use a `-- lock reviewed: <why it is safe>` one, and
//   `create index concurrently`, which cannot run in the migrator's one transaction, is refused. Runs once, in the
//   server-pglite project: it reads files.
// - On PostgreSQL, each migration (from FIRST_STEPPED on) is applied to a database at the one before it while
//   connections keep reading every column of every table the previous release's schema knows (its drizzle-kit
//   snapshot: Drizzle names each column of the schema in its statements, so that is what the previous release's code
//   selects). No read may fail during or after the migration, no table or index may be rewritten (a new relfilenode:
//   `alter column type`, a volatile default), no column the previous release does not know may be required for its
//   inserts, and the migration runs with a lock_timeout. Some migrations before the rule are stepped through too and
//   what they did is pinned below: it shows the check finds what it looks for.

/** The first migration written under the expand and contract rule; those before it are history. */
const FIRST_ONLINE_MIGRATION = 53;
const ON_POSTGRES = process.env.TEST_DATABASE === 'postgres';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
  version: string;
  breakpoints: boolean;
}
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
  entries: JournalEntry[];
} & Record<string, unknown>;
const migrationSql = (tag: string) => readFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8');

// ---------------------------------------------------------------------------------------------------------------
// The lint

type Waiver = 'contract step' | 'lock reviewed' | 'none';
interface Finding {
  tag: string;
  rule: string;
  waiver: Waiver;
  statement: string;
}

/** One statement of a migration: its SQL lower-cased with comments and quotes gone, and its comment lines. */
interface Statement {
  text: string;
  comments: string[];
}

function statementsOf(sql: string): Statement[] {
  return sql
    .split('--> statement-breakpoint')
    .map((chunk) => {
      const lines = chunk.split('\n');
      const comments = lines.filter((line) => /^\s*--/.test(line)).map((line) => line.trim());
      const text = lines
        .filter((line) => !/^\s*--/.test(line))
        .join(' ')
        .replace(/"/g, '')
        .replace(/\s+/g, ' ')
        .trim()
        .toLowerCase();
      return { text, comments };
    })
    .filter((statement) => statement.text.length > 0);
}

/** `public.outbox` and `outbox` are one table. */
const tableName = (name: string) => name.replace(/^public\./, '').replace(/[;(].*$/, '');

interface Rule {
  name: string;
  /** Who may let it through: a contract step breaks the previous release, a lock reviewed one stops it for a while. */
  waiver: Waiver;
  /** A lock that lasts as long as the table is big: nothing to review on a table of SMALL_TABLES. */
  bySize?: boolean;
  /** The table it touches when it touches one this migration did not create, or true for every table. */
  matches(text: string): string | true | undefined;
}

/**
 * Tables that stay small whatever a state's size (lookups, programs, agencies, merchants and their farmers, settlement
 * batches, the fixed ZIP gazetteer): a lock that lasts as long as the table is big lasts milliseconds on them. Every
 * other table, and every table added later until it is listed here, counts as big: it grows with recipients, cards,
 * transactions, messages or sign-ins.
 */
const SMALL_TABLES = new Set([
  'agencies',
  'application_programs',
  'applications',
  'benefit_option_types',
  'benefit_options',
  'config_entries',
  'config_version',
  'dev_encryption_keys',
  'encryption_key_ids',
  'farmer_application_confirmations',
  'farmer_application_events',
  'farmer_application_programs',
  'farmer_application_settings',
  'farmer_applications',
  'funding_sources',
  'gazetteer_loads',
  'incentives',
  'job_locks',
  'merchant_addresses',
  'merchant_bank_accounts',
  'merchant_bank_change_requests',
  'merchant_programs',
  'merchant_terminals',
  'merchant_users',
  'merchants',
  'notification_events',
  'pan_generations',
  'privileges',
  'programs',
  'response_codes',
  'role_privileges',
  'roles',
  'security_questions',
  'settlement_ach_files',
  'settlement_batches',
  'settlement_holds',
  'tax_classes',
  'tin_types',
  'transaction_types',
  'zip_centroids',
]);

const alteredTable = (text: string) => /^alter table (?:if exists )?(?:only )?(\S+)/.exec(text)?.[1];
const VOLATILE = /\b(gen_random_uuid|random|clock_timestamp|timeofday|nextval|uuid_generate_v\d)\s*\(/;

const RULES: Rule[] = [
  { name: 'drop table', waiver: 'contract step', matches: (t) => /^drop table (?:if exists )?(\S+)/.exec(t)?.[1] },
  {
    name: 'drop column',
    waiver: 'contract step',
    matches: (t) => (/ drop column /.test(t) ? alteredTable(t) : undefined),
  },
  {
    name: 'rename',
    waiver: 'contract step',
    matches: (t) =>
      /^alter table .* rename (?:column )?\S+ to |^alter table \S+ rename to /.test(t) ? alteredTable(t) : undefined,
  },
  {
    name: 'change a column type',
    waiver: 'contract step',
    matches: (t) => (/ alter column \S+ (?:set data )?type /.test(t) ? alteredTable(t) : undefined),
  },
  {
    name: 'set not null without a validated check',
    waiver: 'lock reviewed',
    bySize: true,
    matches: (t) => (/ alter column \S+ set not null/.test(t) ? alteredTable(t) : undefined),
  },
  {
    name: 'check, foreign key or unique constraint validated under lock',
    waiver: 'lock reviewed',
    bySize: true,
    matches: (t) =>
      / add constraint \S+ (?:check|foreign key|unique|primary key)/.test(t) &&
      !/ not valid\s*;?$/.test(t) &&
      !/ using index /.test(t)
        ? alteredTable(t)
        : undefined,
  },
  {
    name: 'add a column that rewrites the table',
    waiver: 'lock reviewed',
    bySize: true,
    matches: (t) =>
      / add column /.test(t) &&
      (VOLATILE.test(t) ||
        / add column (?:if not exists )?\S+ (?:big|small)?serial\b/.test(t) ||
        / generated always as .* stored/.test(t))
        ? alteredTable(t)
        : undefined,
  },
  {
    name: 'create an index on a big table in use',
    waiver: 'lock reviewed',
    bySize: true,
    matches: (t) =>
      /^create (?:unique )?index (?!concurrently)(?:(?:if not exists )?\S+ )?on (?:only )?(\S+)/.exec(t)?.[1],
  },
  {
    name: 'backfill in the migration transaction',
    waiver: 'lock reviewed',
    bySize: true,
    matches: (t) => /^(?:update (?:only )?(\S+)|delete from (?:only )?(\S+))/.exec(t)?.slice(1).find(Boolean),
  },
  {
    name: 'lock, rewrite or vacuum a table',
    waiver: 'lock reviewed',
    matches: (t) =>
      /^(?:lock table|vacuum|cluster|reindex|refresh materialized view (?!concurrently))/.test(t) ? true : undefined,
  },
  {
    // The migrator runs every pending migration in one transaction, where PostgreSQL refuses a concurrent build.
    name: 'concurrently, which fails in the migration transaction',
    waiver: 'none',
    matches: (t) => (/\bconcurrently\b/.test(t) && !/^refresh materialized view/.test(t) ? true : undefined),
  },
];

const WAIVER_COMMENT = /^--\s*(contract step|lock reviewed):\s*(.+)$/i;

/**
 * What the lint finds in one migration. A table the same migration creates is empty and nobody reads it yet: changes
 * to it are not findings. `set not null` is safe once an earlier release validated a `check (column is not null)` on
 * the table (PostgreSQL then takes it as proof and skips the scan); validating in the migration that added the
 * constraint scans under the lock the addition took, which the migration transaction holds to its end.
 * `validatedBefore` carries the tables with a validated constraint from one migration to the next.
 */
function lintMigration(tag: string, sql: string, validatedBefore: Set<string>): Finding[] {
  const created = new Set<string>();
  const addedHere = new Set<string>();
  const validatedHere = new Set<string>();
  const findings: Finding[] = [];
  for (const { text, comments } of statementsOf(sql)) {
    const newTable = /^create table (?:if not exists )?(\S+)/.exec(text)?.[1];
    if (newTable) created.add(tableName(newTable));
    const table = alteredTable(text);
    const added = / add constraint (\S+)/.exec(text)?.[1];
    if (added) addedHere.add(added);
    const validated = / validate constraint (\S+?);?$/.exec(text)?.[1];
    if (table && validated) validatedHere.add(tableName(table));
    const waivers = new Set(
      comments
        .map((line) => WAIVER_COMMENT.exec(line))
        .filter((match) => match && match[2]!.trim().length >= 10)
        .map((match) => match![1]!.toLowerCase()),
    );
    const found = RULES.flatMap((rule) => {
      const touched = rule.matches(text);
      if (touched === undefined) return [];
      if (touched !== true && created.has(tableName(touched))) return [];
      if (rule.bySize && touched !== true && SMALL_TABLES.has(tableName(touched))) return [];
      if (rule.name.startsWith('set not null') && touched !== true && validatedBefore.has(tableName(touched)))
        return [];
      return [rule];
    });
    if (validated && addedHere.has(validated) && !(table && created.has(tableName(table))))
      found.push({
        name: 'validate a constraint in the migration that added it',
        waiver: 'lock reviewed',
        matches: () => true,
      });
    for (const rule of found) {
      if (rule.waiver !== 'none' && waivers.has(rule.waiver)) continue;
      findings.push({ tag, rule: rule.name, waiver: rule.waiver, statement: text.slice(0, 160) });
    }
  }
  for (const table of validatedHere) validatedBefore.add(table);
  return findings;
}

describe.skipIf(ON_POSTGRES)('the lint of migrations written under the expand and contract rule', () => {
  it('finds nothing unexplained in the migrations from the first one under the rule on', () => {
    const validated = new Set<string>();
    const findings = journal.entries.flatMap((entry) => {
      const found = lintMigration(entry.tag, migrationSql(entry.tag), validated);
      return entry.idx >= FIRST_ONLINE_MIGRATION ? found : [];
    });
    // Each finding names its rule and the comment that lets it through; docs/migrations.md says how to avoid it.
    expect(findings).toEqual([]);
  });

  it('reads the committed files as they are written: the one drop column of history is found', () => {
    const findings = lintMigration(
      '0046_account_money_versions',
      migrationSql('0046_account_money_versions'),
      new Set(),
    );
    expect(findings.map((f) => f.rule)).toEqual(['drop column']);
  });

  const lint = (sql: string) => lintMigration('fixture', sql, new Set()).map((f) => f.rule);

  it.each([
    ['ALTER TABLE "outbox" DROP COLUMN "html";', 'drop column'],
    ['DROP TABLE "sms_opt_outs";', 'drop table'],
    ['ALTER TABLE "outbox" RENAME COLUMN "html" TO "body_html";', 'rename'],
    ['ALTER TABLE "outbox" RENAME TO "mail_queue";', 'rename'],
    ['ALTER TABLE "outbox" ALTER COLUMN "segments" SET DATA TYPE bigint;', 'change a column type'],
    ['ALTER TABLE "outbox" ALTER COLUMN "kind" SET NOT NULL;', 'set not null without a validated check'],
    [
      'ALTER TABLE "benefits" ADD CONSTRAINT "benefits_amount_check" CHECK ("benefits"."amount" >= 0);',
      'check, foreign key or unique constraint validated under lock',
    ],
    [
      'ALTER TABLE "pans" ADD CONSTRAINT "pans_account_fk" FOREIGN KEY ("account_id") REFERENCES "public"."recipient_accounts"("id");',
      'check, foreign key or unique constraint validated under lock',
    ],
    [
      'ALTER TABLE "outbox" ADD COLUMN "token" uuid DEFAULT gen_random_uuid() NOT NULL;',
      'add a column that rewrites the table',
    ],
    ['ALTER TABLE "outbox" ADD COLUMN "seq" bigserial;', 'add a column that rewrites the table'],
    [
      'CREATE INDEX "transactions_x_idx" ON "transactions" USING btree ("merchant_id");',
      'create an index on a big table in use',
    ],
    ['CREATE INDEX ON benefits (expiration_date);', 'create an index on a big table in use'],
    // A table nobody listed as small counts as big.
    ['CREATE INDEX "x_idx" ON "a_table_added_later" ("id");', 'create an index on a big table in use'],
    [
      'UPDATE "benefits" SET "creation_channel" = \'API\' WHERE "creation_channel" IS NULL;',
      'backfill in the migration transaction',
    ],
    [
      'CREATE INDEX CONCURRENTLY "transactions_x_idx" ON "transactions" ("merchant_id");',
      'concurrently, which fails in the migration transaction',
    ],
  ])('flags %s', (sql, rule) => {
    expect(lint(sql)).toContain(rule);
  });

  it.each([
    // Expand steps: a nullable column, a stable default (PostgreSQL 11 and later store it in the catalogue), a new
    // table with its indexes and keys, a check added not valid and validated apart.
    'ALTER TABLE "outbox" ADD COLUMN "html" text;',
    'ALTER TABLE "outbox" ADD COLUMN "kind" varchar(60) DEFAULT \'other\' NOT NULL;',
    'ALTER TABLE "outbox" ADD COLUMN "queued_at" timestamp with time zone DEFAULT now() NOT NULL;',
    [
      'CREATE TABLE "geocode_cache" ("query" varchar(300) PRIMARY KEY NOT NULL, "provider_id" integer NOT NULL);',
      'CREATE INDEX "geocode_cache_provider_idx" ON "geocode_cache" USING btree ("provider_id");',
      'ALTER TABLE "geocode_cache" ADD CONSTRAINT "geocode_cache_provider_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id");',
    ].join('\n--> statement-breakpoint\n'),
    'ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_not_null" CHECK ("kind" IS NOT NULL) NOT VALID;',
    // Contract and reviewed steps say why right above the statement.
    '-- contract step: the previous release no longer reads or writes outbox.html (its schema dropped it)\nALTER TABLE "outbox" DROP COLUMN "html";',
    '-- lock reviewed: built concurrently beforehand (operations.md), if not exists finds it\nCREATE INDEX IF NOT EXISTS "transactions_x_idx" ON "transactions" ("merchant_id");',
    // A table of SMALL_TABLES: the build takes milliseconds.
    'CREATE INDEX "programs_x_idx" ON "programs" ("short_name");',
  ])('lets through %s', (sql) => {
    expect(lint(sql)).toEqual([]);
  });

  it('takes set not null after a release validated a not-null check, and not a validation in the same migration', () => {
    const validated = new Set<string>();
    const release = (tag: string, ...statements: string[]) =>
      lintMigration(tag, statements.join('\n--> statement-breakpoint\n'), validated).map((f) => f.rule);
    const add = 'ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_not_null" CHECK ("kind" IS NOT NULL) NOT VALID;';
    const validate = 'ALTER TABLE "outbox" VALIDATE CONSTRAINT "outbox_kind_not_null";';
    const setNotNull = 'ALTER TABLE "outbox" ALTER COLUMN "kind" SET NOT NULL;';
    expect(release('same migration', add, validate, setNotNull)).toEqual([
      'validate a constraint in the migration that added it',
      'set not null without a validated check',
    ]);
    expect(release('first release', add)).toEqual([]);
    expect(release('second release', validate)).toEqual([]);
    expect(
      release('third release', setNotNull, 'ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_not_null";'),
    ).toEqual([]);
  });

  it('wants a reason in the waiver, and the right waiver for the rule', () => {
    expect(lint('-- contract step:\nALTER TABLE "outbox" DROP COLUMN "html";')).toEqual(['drop column']);
    expect(
      lint('-- lock reviewed: the column is unused since the last release\nALTER TABLE "outbox" DROP COLUMN "html";'),
    ).toEqual(['drop column']);
    expect(
      lint('-- lock reviewed: small enough, really it is\nCREATE INDEX CONCURRENTLY "x" ON "programs" ("id");'),
    ).toEqual(['concurrently, which fails in the migration transaction']);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Each migration applied while the previous release reads

interface Snapshot {
  tables: Record<string, { name: string; schema: string; columns: Record<string, { name: string }> }>;
}
const snapshotOf = (idx: number) =>
  JSON.parse(
    readFileSync(path.join(MIGRATIONS_FOLDER, `meta/${String(idx).padStart(4, '0')}_snapshot.json`), 'utf8'),
  ) as Snapshot;

/** The statements the release at snapshot `idx` can send: every column of every table of its schema. */
function readsOf(snapshot: Snapshot): { table: string; text: string }[] {
  return Object.values(snapshot.tables).map((table) => ({
    table: table.name,
    text: `select ${Object.values(table.columns)
      .map((column) => `"${column.name}"`)
      .join(', ')} from "${table.schema || 'public'}"."${table.name}" limit 1`,
  }));
}

interface Relation {
  oid: string;
  name: string;
  filenode: string;
}
interface Column {
  table: string;
  column: string;
  required: boolean;
}
interface Catalogue {
  relations: Relation[];
  columns: Column[];
}

/**
 * The tables and indexes with their files, and the columns with whether an insert must name them (not null, no
 * default, neither generated nor an identity). A rewrite gives a relation a new file (relfilenode) under the same oid.
 */
async function catalogue(db: Pick<pg.ClientBase, 'query'>): Promise<Catalogue> {
  const relations = await db.query<Relation>(`select c.oid::text as oid, c.relname as name,
      c.relfilenode::text as filenode
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'i', 'm')`);
  const columns = await db.query<Column>(`select table_name as "table", column_name as "column",
      (is_nullable = 'NO' and column_default is null and is_identity = 'NO' and is_generated = 'NEVER') as required
    from information_schema.columns where table_schema = 'public'`);
  return { relations: relations.rows, columns: columns.rows };
}

/** The tables and indexes rewritten, and the columns of existing tables that an older insert would leave null. */
function changes(before: Catalogue, after: Catalogue): Omit<Outcome, 'failedReads'> {
  const files = new Map(after.relations.map((r) => [r.oid, r.filenode]));
  const tables = new Set(before.columns.map((c) => c.table));
  const known = new Set(before.columns.map((c) => `${c.table}.${c.column}`));
  return {
    rewritten: before.relations
      .filter((r) => files.has(r.oid) && files.get(r.oid) !== r.filenode)
      .map((r) => r.name)
      .sort(),
    requiredNewColumns: after.columns
      .filter((c) => c.required && tables.has(c.table) && !known.has(`${c.table}.${c.column}`))
      .map((c) => `${c.table}.${c.column}`)
      .sort(),
  };
}

/** What applying one migration did to the previous release. */
interface Outcome {
  failedReads: string[];
  rewritten: string[];
  requiredNewColumns: string[];
}

/**
 * What the migrations before the rule did to the release before them, found by this test: history, never to grow. A
 * migration under the rule would have dropped the column one release after the schema stopped naming it.
 */
const HISTORY: Record<string, Partial<Outcome>> = {
  '0046_account_money_versions': { failedReads: ['recipient_accounts: column "money_version" does not exist'] },
};

/**
 * The migrations before the rule are stepped through from here, enough to show the check at work on history (0046);
 * the earlier ones are applied in one go, which keeps the file to a few seconds on CI's two cores.
 */
const FIRST_STEPPED = FIRST_ONLINE_MIGRATION - 10;
const READERS = 3;
/** A migration stuck behind a lock fails the run rather than hanging it (docs/migrations.md "Waiting for a lock"). */
const LOCK_TIMEOUT = '5s';

describe.runIf(ON_POSTGRES)('each migration, applied while the previous release reads', () => {
  const name = uniqueDatabaseName('ebt_test_online');
  let folder = '';
  let admin: pg.Pool;
  const outcomes: Record<string, Outcome> = {};
  const stalls: { tag: string; migrationMs: number; longestReadMs: number }[] = [];

  beforeAll(async () => {
    await adminQuery(`create database "${name}"`);
    admin = new pg.Pool({ connectionString: databaseUrl(name), max: READERS + 1 });
    // A migrations folder whose journal grows one entry a step; the SQL files are the committed ones.
    folder = await mkdtemp(path.join(os.tmpdir(), 'ebt-online-migrations-'));
    await mkdir(path.join(folder, 'meta'));
    for (const entry of journal.entries)
      await symlink(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  });

  afterAll(async () => {
    await admin?.end();
    await dropDatabase(name);
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  /** Applies the journal up to `idx` with Drizzle's migrator, as start-up does, under a lock_timeout. */
  async function migrateTo(idx: number): Promise<void> {
    await writeFile(
      path.join(folder, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, idx + 1) }),
    );
    const client = new pg.Client({ connectionString: databaseUrl(name), options: `-c lock_timeout=${LOCK_TIMEOUT}` });
    await client.connect();
    try {
      await migrate(drizzle(client), { migrationsFolder: folder });
    } finally {
      await client.end();
    }
  }

  it('keeps every read of the previous release working, rewrites nothing and requires no new column', async () => {
    const stepped = journal.entries.filter((entry) => entry.idx >= FIRST_STEPPED);
    await migrateTo(FIRST_STEPPED - 1);
    for (const entry of stepped) {
      const reads = readsOf(snapshotOf(entry.idx - 1));
      // The reads work before the migration: else the snapshot and the database disagree and the check means nothing.
      for (const read of reads) await admin.query(read.text);
      const before = await catalogue(admin);

      const failed = new Set<string>();
      let longestReadMs = 0;
      let migrating = true;
      const reader = async () => {
        do {
          for (const read of reads) {
            const started = Date.now();
            try {
              await admin.query(read.text);
            } catch (error) {
              failed.add(`${read.table}: ${(error as Error).message}`);
            }
            longestReadMs = Math.max(longestReadMs, Date.now() - started);
          }
        } while (migrating);
      };
      const readers = Array.from({ length: READERS }, reader);
      const started = Date.now();
      try {
        await migrateTo(entry.idx);
      } finally {
        migrating = false;
      }
      const migrationMs = Date.now() - started;
      await Promise.all(readers);
      // And once more after the migration committed: what the previous release meets until it is replaced.
      await reader();

      outcomes[entry.tag] = { failedReads: [...failed].sort(), ...changes(before, await catalogue(admin)) };
      stalls.push({ tag: entry.tag, migrationMs, longestReadMs });
    }

    const slowest = [...stalls].sort((a, b) => b.longestReadMs - a.longestReadMs).slice(0, 3);
    console.info(`longest reads while a migration ran: ${JSON.stringify(slowest)}`);
    const expected = Object.fromEntries(
      stepped.map((entry) => [
        entry.tag,
        { failedReads: [], rewritten: [], requiredNewColumns: [], ...(HISTORY[entry.tag] ?? {}) },
      ]),
    );
    expect(outcomes).toEqual(expected);
  }, 120_000);

  it('sees a rewrite and a new required column when a migration makes them', async () => {
    const client = await admin.connect();
    try {
      await client.query('begin');
      const before = await catalogue(client);
      await client.query('alter table outbox alter column segments type bigint');
      await client.query('alter table outbox add column fixture_required integer not null');
      const found = changes(before, await catalogue(client));
      expect(found.rewritten).toContain('outbox');
      expect(found.rewritten).toContain('outbox_pkey');
      expect(found.requiredNewColumns).toEqual(['outbox.fixture_required']);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
