import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
    employmentType: text('employment_type').notNull().default('FULL_TIME'),
    location: text('location').notNull().default('Antwerp, Belgium'),
    slug: text('slug').notNull().default('vacancy'),
  },
  (t) => [index('vacancies_public_idx').on(t.status, t.closingDate)],
);
