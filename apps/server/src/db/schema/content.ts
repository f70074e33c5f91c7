import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { SITE_DEFAULT_MSG } from '@app/shared/messages/site-defaults';

// Single-row tables: the id is always 1.
export const intro = pgTable('intro', {
  id: integer('id').primaryKey().default(1),
  title: text('title').notNull().default(''),
  history: text('history').notNull().default(''),
  body: text('body').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const masthead = pgTable('masthead', {
  id: integer('id').primaryKey().default(1),
  mastheadTitle: text('masthead_title').notNull().default(''),
  mastheadBody: text('masthead_body').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export interface LegalEntity {
  legalName: string;
  address: string;
  website: string;
  registrationNumber: string;
  email: string;
  phone: string;
}

export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey().default(1),
  companyName: text('company_name').notNull(),
  address: text('address').notNull(),
  phone: text('phone').notNull(),
  socialUrl: text('social_url').notNull(),
  foundedOn: text('founded_on').notNull(),
  // Comma-separated addresses that receive contact mail; empty means the active mailbox's own address.
  contactRecipients: text('contact_recipients').notNull().default(''),
  entities: jsonb('entities').$type<LegalEntity[]>().notNull(),
  // How long contact messages and their CVs are kept (migration 0005); the retention job erases older ones.
  retentionDays: integer('retention_days').notNull().default(180),
  // The privacy page's text; '{days}' stands for the retention period. Same default as migration 0005.
  privacyText: text('privacy_text').notNull().default(SITE_DEFAULT_MSG.privacyTextDefault),
  // The confirmation a visitor receives after a message is stored (migration 0007).
  confirmationEnabled: boolean('confirmation_enabled').notNull().default(true),
  confirmationText: text('confirmation_text').notNull().default(SITE_DEFAULT_MSG.confirmationTextDefault),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The single-row texts in the other languages (migration 0015, decision 0155): `item` names the text
 * ('intro', 'masthead', 'privacy', 'confirmation'), `fields` holds its fields as the source has them.
 * `sourceDigest` is the source's digest when this was saved: outdated once it differs.
 */
export const textTranslations = pgTable(
  'text_translations',
  {
    item: text('item').notNull(),
    language: text('language').notNull(),
    fields: jsonb('fields').$type<Record<string, string>>().notNull(),
    sourceDigest: text('source_digest').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.item, t.language] })],
);
