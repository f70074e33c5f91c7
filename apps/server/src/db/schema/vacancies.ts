import { isNotNull } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const VACANCY_HOME_TILE_INDEX = 'vacancies_home_tile_idx';

export const vacancies = pgTable(
  'vacancies',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    expectation: text('expectation').notNull().default(''),
    function: text('function').notNull().default(''),
    description: text('description').notNull().default(''),
    offer: text('offer').notNull(),
    postedBy: text('posted_by').notNull().default(''),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    tags: text('tags').array().notNull().default([]),
    // Optimistic locking: an update must name the version it read.
    version: integer('version').notNull().default(0),
    // Publishing (migration 0004): open or closed, open through closing_date (a Brussels day).
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    closingDate: date('closing_date', { mode: 'string' }),
    /** When staff closed it by hand (migration 0017): with closingDate, the start of its candidates' retention. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    employmentType: text('employment_type').notNull().default('FULL_TIME'),
    location: text('location').notNull().default('Antwerp, Belgium'),
    slug: text('slug').notNull().default('vacancy'),
    // The careers tile that opens this vacancy (migration 0009; CAREER_TILES in packages/shared).
    homeTile: text('home_tile', { enum: ['java-developer', 'office-manager', 'admin-manager'] }),
    /** The language of the texts above, the source its translations are made from (migration 0015). */
    language: text('language').notNull().default('en'),
  },
  (t) => [
    index('vacancies_public_idx').on(t.status, t.closingDate),
    // One vacancy per tile.
    uniqueIndex(VACANCY_HOME_TILE_INDEX).on(t.homeTile).where(isNotNull(t.homeTile)),
  ],
);

/** A vacancy's texts in another language than its own (migration 0015, decision 0155); see postTranslations. */
export const vacancyTranslations = pgTable(
  'vacancy_translations',
  {
    vacancyId: integer('vacancy_id')
      .notNull()
      .references(() => vacancies.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    expectation: text('expectation').notNull().default(''),
    function: text('function').notNull().default(''),
    description: text('description').notNull().default(''),
    offer: text('offer').notNull(),
    location: text('location').notNull().default(''),
    status: text('status').$type<'draft' | 'published'>().notNull().default('draft'),
    sourceDigest: text('source_digest').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.vacancyId, t.language] })],
);
