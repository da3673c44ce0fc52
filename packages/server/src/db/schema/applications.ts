import { boolean, index, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { programs } from './programs.js';

/**
 * An online application definition (part 1 §3 "Application definition"), e.g. id 1, the senior farmers market
 * application served at /apply/ct. Inactive, or linked to no program, shows the 'unavailable' warning.
 */
export const applications = pgTable('applications', {
  id: integer('id').primaryKey(), // fixed ids: the public form asks for /account-api/application/1
  name: varchar('name', { length: 100 }).notNull(),
  descr: text('descr'), // HTML shown above the form
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const applicationPrograms = pgTable(
  'application_programs',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.programId] }),
    index('application_programs_program_id_idx').on(t.programId),
  ],
);
