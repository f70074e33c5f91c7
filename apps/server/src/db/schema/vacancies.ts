import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const vacancies = pgTable('vacancies', {
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
});
