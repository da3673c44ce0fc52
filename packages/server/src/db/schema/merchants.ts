import { sql } from 'drizzle-orm';
import {
  char,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  coordinate,
  createdAt,
  creationChannel,
  id,
  publicUuid,
  stateCode,
  updatedAt,
  updationChannel,
} from './columns.js';
import { programs } from './programs.js';

/** Tax classifications (part 2 §9): Individual (Sole Proprietor), C Corp, S Corp, Partnership, Trust/Estate, LLC, Other. */
export const taxClasses = pgTable('tax_classes', {
  id: smallint('id').primaryKey(),
  descr: varchar('descr', { length: 50 }).notNull(),
});

/** Taxpayer id types (part 2 §9): 1 SSN, 2 EIN. */
export const tinTypes = pgTable('tin_types', {
  id: smallint('id').primaryKey(),
  descr: varchar('descr', { length: 20 }).notNull(),
});

/**
 * A merchant (farm stand, market, grocer) where recipients spend benefits (part 2 §3 "Merchant"). Status 0 Active,
 * 1 Inactive (resolutions §23). The tax id is sealed like a PAN (ciphertext and last four); only BANK_VIEW sees it.
 */
export const merchants = pgTable(
  'merchants',
  {
    id: id(),
    uuid: publicUuid(), // merchantUuid
    merchantIdentifier: varchar('merchant_identifier', { length: 20 }).notNull(),
    statusId: smallint('status_id').notNull().default(0),
    name: varchar('name', { length: 50 }).notNull(),
    /** USDA FNS authorization number: exactly 7 characters when given. */
    fnsNumber: varchar('fns_number', { length: 7 }),
    email: varchar('email', { length: 255 }),
    taxIdEncrypted: text('tax_id_encrypted'),
    taxIdLast4: varchar('tax_id_last4', { length: 4 }),
    taxClassId: smallint('tax_class_id').references(() => taxClasses.id),
    tinTypeId: smallint('tin_type_id').references(() => tinTypes.id),
    businessPhone: varchar('business_phone', { length: 20 }),
    mobilePhone: varchar('mobile_phone', { length: 20 }),
    latitude: coordinate('latitude'),
    longitude: coordinate('longitude'),
    // The programs the merchant is mapped to (merchant_programs, any mapping status), kept by the trigger
    // merchant_programs_sync_program_ids (migration 0010, decision 0026): the staff search tests its scope on the row it
    // already reads instead of probing merchant_programs for every row it walks. merchant_programs stays the truth.
    programIds: integer('program_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    creationChannel: creationChannel(),
    updationChannel: updationChannel(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Merchant ID (merchantNbr) look-ups in transaction search and the merchant file import.
    uniqueIndex('merchants_identifier_key').on(t.merchantIdentifier),
    // The search's order and its name prefix: lower(name) in byte order ("C"), then id. A name prefix is a range of
    // it, and a broad criterion (a program alone, a common word) walks it and stops at the page's 1000 rows instead
    // of sorting every match (bench/merchants-search.ts). Contains (3+ characters) goes through the trigrams.
    // name and program_ids ride along (after the unique id, so they never change the order): the search walks this
    // index alone, testing a contains pattern and the caller's programs on each entry without visiting the table
    // (an index-only scan), and reads only the rows it answers (decision 0026). Drizzle has no INCLUDE.
    index('merchants_name_order_idx').on(sql`(lower(${t.name}) collate "C")`, t.id, t.name, t.programIds),
    index('merchants_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('merchants_email_lower_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('merchants_fns_number_idx').on(t.fnsNumber),
    // A farmer application's duplicates: merchants with the same tax id's last four, whose sealed ids are compared.
    index('merchants_tax_id_last4_idx').on(t.taxIdLast4),
    // The locator's bounding-box pre-filter (latitude range first, then longitude) before exact distances.
    index('merchants_location_idx').on(t.latitude, t.longitude),
    check('merchants_status_check', sql`${t.statusId} in (0, 1)`),
    check('merchants_fns_number_check', sql`char_length(${t.fnsNumber}) = 7`),
    check('merchants_tax_id_last4_check', sql`${t.taxIdLast4} ~ '^[0-9]{4}$'`),
    check('merchants_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('merchants_longitude_check', sql`${t.longitude} between -180 and 180`),
  ],
);

/** The registered, mailing and physical addresses of a merchant, at most one of each kind. */
export const merchantAddresses = pgTable(
  'merchant_addresses',
  {
    id: id(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).notNull(),
    address1: varchar('address1', { length: 60 }).notNull(),
    address2: varchar('address2', { length: 60 }),
    city: varchar('city', { length: 60 }).notNull(),
    stateCode: stateCode('state_code').notNull(),
    zipcode: varchar('zipcode', { length: 10 }).notNull(),
    /** Given with the address, else the ZIP's centroid (zip_centroids), else null (decision 0022). */
    latitude: coordinate('latitude'),
    longitude: coordinate('longitude'),
  },
  (t) => [
    uniqueIndex('merchant_addresses_merchant_kind_key').on(t.merchantId, t.kind),
    // The recipient merchant search by city (part 1 §5: city 2-60).
    index('merchant_addresses_city_lower_idx').on(sql`lower(${t.city}) text_pattern_ops`),
    check('merchant_addresses_kind_check', sql`${t.kind} in ('registered', 'mailing', 'physical')`),
    check('merchant_addresses_state_code_check', sql`${t.stateCode} ~ '^[A-Z]{2}$'`),
    check('merchant_addresses_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('merchant_addresses_longitude_check', sql`${t.longitude} between -180 and 180`),
  ],
);

/**
 * The merchant's bank account for settlement. Account and routing numbers are AES-GCM ciphertexts with their last
 * four; only BANK_VIEW sees them. Account type 0 Checking, 1 Savings.
 */
export const merchantBankAccounts = pgTable(
  'merchant_bank_accounts',
  {
    id: id(),
    uuid: publicUuid(), // bankUuid
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    bankName: varchar('bank_name', { length: 45 }),
    accountNumberEncrypted: text('account_number_encrypted'),
    accountNumberLast4: varchar('account_number_last4', { length: 4 }),
    routingNumberEncrypted: text('routing_number_encrypted'),
    routingNumberLast4: varchar('routing_number_last4', { length: 4 }),
    accountTypeId: smallint('account_type_id'),
    firstName: varchar('first_name', { length: 100 }),
    middleName: varchar('middle_name', { length: 1 }),
    lastName: varchar('last_name', { length: 100 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('merchant_bank_accounts_merchant_id_key').on(t.merchantId), // one bankAccountInfo per merchant
    // A farmer application's duplicates: accounts with the same last four, whose sealed numbers are compared.
    index('merchant_bank_accounts_account_last4_idx').on(t.accountNumberLast4),
    check('merchant_bank_accounts_type_check', sql`${t.accountTypeId} in (0, 1)`),
  ],
);

/** Which programs a merchant takes part in; status 0 Active, 1 Inactive (part 2 §4). */
export const merchantPrograms = pgTable(
  'merchant_programs',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id),
    statusId: smallint('status_id').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.programId] }),
    // Merchants of a program (merchant search with programId, recipient merchant list, locator).
    index('merchant_programs_program_id_idx').on(t.programId, t.statusId),
    check('merchant_programs_status_check', sql`${t.statusId} in (0, 1)`),
  ],
);

/**
 * US ZIP code centroids (the `zipcodes` npm package, US rows only), loaded by db/gazetteer.ts after the SQL
 * migrations: merchant coordinates when an address comes without them, and the locator's location search.
 */
export const zipCentroids = pgTable(
  'zip_centroids',
  {
    zip: char('zip', { length: 5 }).primaryKey(),
    city: varchar('city', { length: 60 }).notNull(),
    stateCode: char('state_code', { length: 2 }).notNull(),
    latitude: coordinate('latitude').notNull(),
    longitude: coordinate('longitude').notNull(),
  },
  (t) => [
    // Geocode by city name (prefix) and by 'City, ST'.
    index('zip_centroids_city_lower_idx').on(sql`lower(${t.city}) text_pattern_ops`),
    index('zip_centroids_state_city_idx').on(t.stateCode, sql`lower(${t.city})`),
  ],
);

/** Which gazetteer data set is in zip_centroids ('zipcodes@8.0.0'): the load runs again only for a new version. */
export const gazetteerLoads = pgTable('gazetteer_loads', {
  source: varchar('source', { length: 60 }).primaryKey(),
  rowCount: integer('row_count').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});

export type MerchantRow = typeof merchants.$inferSelect;
