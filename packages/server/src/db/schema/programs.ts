import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, day, id, money, publicUuid, stateCode, updatedAt } from './columns.js';

/**
 * Benefit option types (reference data): a program may require every benefit to carry one option of its type
 * (part 1 §5 "The option dropdown is required when the program has an option type").
 */
export const benefitOptionTypes = pgTable('benefit_option_types', {
  id: integer('id').primaryKey(), // fixed ids: reference data loaded by ensureReferenceData
  name: varchar('name', { length: 50 }).notNull(),
  descr: varchar('descr', { length: 200 }),
});

export const benefitOptions = pgTable(
  'benefit_options',
  {
    id: integer('id').primaryKey(), // optionId on the wire
    optionTypeId: integer('option_type_id')
      .notNull()
      .references(() => benefitOptionTypes.id, { onDelete: 'cascade' }),
    descr: varchar('descr', { length: 100 }).notNull(),
    sortOrder: smallint('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('benefit_options_option_type_id_idx').on(t.optionTypeId, t.sortOrder)],
);

/** A benefit program (part 1 §3 "Program", part 2 §3 "Program (summary and admin)"). */
export const programs = pgTable(
  'programs',
  {
    id: id(),
    uuid: publicUuid(),
    name: varchar('name', { length: 45 }).notNull(),
    shortName: varchar('short_name', { length: 20 }).notNull().unique(),
    statusId: smallint('status_id').notNull().default(0), // 0 Enabled, 1 Disabled
    // bin followed by the series number are the first nine digits of every program PAN (resolutions §5).
    bin: varchar('bin', { length: 8 }),
    seriesNbr: varchar('series_nbr', { length: 8 }),
    contactEmail: varchar('contact_email', { length: 200 }),
    contactPhone: varchar('contact_phone', { length: 20 }),
    contactAddress1: varchar('contact_address1', { length: 60 }),
    contactAddress2: varchar('contact_address2', { length: 60 }),
    contactCity: varchar('contact_city', { length: 60 }),
    contactStateCode: stateCode('contact_state_code'),
    contactZip: varchar('contact_zip', { length: 10 }),
    startDate: day('start_date'),
    endDate: day('end_date'),
    /** Card settings as a JSON-like key list (part 2 §9), up to 1000 characters; secret entries blank. */
    configuration: varchar('configuration', { length: 1000 }),
    /**
     * The secret entries of the configuration (keys named *Key, *Secret, *Password: docs/decisions/0030), sealed as
     * one JSON object with AES-256-GCM (platform/crypto.ts). `configuration` holds them blank; no answer carries them.
     */
    configurationSecrets: text('configuration_secrets'),
    /** Default amount of a Regular benefit; null means none (resolutions §6: 0.00-9999.99). */
    benefitAmount: money('benefit_amount'),
    /** Benefit life in days: expiration = available + (days - 1); 0 or null means no default (resolutions §6). */
    benefitExpirationDays: smallint('benefit_expiration_days'),
    incentiveExpirationDays: smallint('incentive_expiration_days'),
    fundingAmount: money('funding_amount'),
    fundingDate: day('funding_date'),
    /** Upper bound of a benefit's available date (part 1 §5); null: today plus 366 days. */
    lastIssuanceDate: day('last_issuance_date'),
    enableBenefitNote: boolean('enable_benefit_note').notNull().default(false),
    /**
     * Purchases and balance inquiries of this program's cards need the card's PIN (docs/transaction-engine.md
     * "PIN"). On by default; a program may turn it off (a pilot with terminals that cannot take a PIN).
     */
    pinRequired: boolean('pin_required').notNull().default(true),
    benefitOptionTypeId: integer('benefit_option_type_id').references(() => benefitOptionTypes.id),
    /** Most printed PANs a bulk generation may make for this program (part 2 §5 "Bulk PAN generation"). */
    maxPrintedPans: integer('max_printed_pans').notNull().default(0),
    /** "Today" for date rules is taken in this zone (resolutions §26). */
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('America/New_York'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('programs_status_id_check', sql`${t.statusId} in (0, 1)`),
    // Digits only, and together exactly the nine digits that prefix a 19-digit PAN.
    check(
      'programs_bin_series_check',
      sql`(${t.bin} is null or ${t.bin} ~ '^[0-9]+$') and (${t.seriesNbr} is null or ${t.seriesNbr} ~ '^[0-9]+$')
        and (${t.bin} is null or ${t.seriesNbr} is null or char_length(${t.bin}) + char_length(${t.seriesNbr}) = 9)`,
    ),
    check('programs_contact_state_code_check', sql`${t.contactStateCode} ~ '^[A-Z]{2}$'`),
    check('programs_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check('programs_benefit_amount_check', sql`${t.benefitAmount} between 0 and 9999.99`),
    check('programs_benefit_expiration_days_check', sql`${t.benefitExpirationDays} between 0 and 9999`),
    check('programs_incentive_expiration_days_check', sql`${t.incentiveExpirationDays} between 0 and 9999`),
    check('programs_funding_amount_check', sql`${t.fundingAmount} >= 0`),
    check('programs_max_printed_pans_check', sql`${t.maxPrintedPans} >= 0`),
    // The admin program search filters by name prefix; short_name has its unique index already.
    index('programs_name_lower_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    // Short names are unique ignoring case (B§5), the rule the server checks; the same index serves the short name
    // prefix search (text_pattern_ops also carries '=', so equality uses it too).
    uniqueIndex('programs_short_name_lower_key').on(sql`lower(${t.shortName}) text_pattern_ops`),
    // The other criteria of GET /admin-api/programs: e-mail prefix, state and status equality.
    index('programs_contact_email_lower_idx').on(sql`lower(${t.contactEmail}) text_pattern_ops`),
    index('programs_contact_state_code_idx').on(t.contactStateCode),
    index('programs_status_id_idx').on(t.statusId),
    // bin + series are the first nine digits of every PAN of the program: two programs never share them, however
    // the nine digits are split between the two.
    uniqueIndex('programs_pan_prefix_key').on(sql`(${t.bin} || ${t.seriesNbr})`),
  ],
);

/** Funding sources of a program (part 2 §5: 2-30 characters, unique per program regardless of case). */
export const fundingSources = pgTable(
  'funding_sources',
  {
    id: id(), // fundingId on the wire
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 30 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // 'Funding Source Name already exists.': 'State Funds' and 'state funds' are the same source.
    uniqueIndex('funding_sources_program_name_key').on(t.programId, sql`lower(${t.name})`),
    check('funding_sources_name_check', sql`char_length(${t.name}) between 2 and 30`),
  ],
);

export type ProgramRow = typeof programs.$inferSelect;
export type FundingSourceRow = typeof fundingSources.$inferSelect;
export const programIdColumn = (name = 'program_id') => integer(name).references(() => programs.id);
