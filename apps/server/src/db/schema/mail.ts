import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { MAILBOX_TYPES, MESSAGE_STATUSES } from '@app/shared/constants';
import type { Locale } from '@app/shared/locales';
import { bytea } from './posts';
import { vacancies } from './vacancies';

export const mailboxType = pgEnum('mailbox_type', MAILBOX_TYPES);

export const providers = pgTable(
  'providers',
  {
    id: serial('id').primaryKey(),
    providerName: text('provider_name').notNull(),
    mailboxType: mailboxType('mailbox_type').notNull().default('DEV'),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    protocol: text('protocol').notNull().default('smtp'),
    auth: boolean('auth').notNull().default(false),
    starttlsEnable: boolean('starttls_enable').notNull().default(false),
    connectionTimeout: integer('connection_timeout').notNull().default(5000),
    timeout: integer('timeout').notNull().default(5000),
    writeTimeout: integer('write_timeout').notNull().default(5000),
  },
  // One provider per name (ignoring case), port and protocol (ignoring case), as the service's
  // check says: the database refuses what two racing requests both got past the check with.
  (t) => [
    uniqueIndex('providers_name_port_protocol_idx').on(
      sql`lower(${t.providerName})`,
      t.port,
      sql`lower(${t.protocol})`,
    ),
  ],
);

export const mailboxes = pgTable(
  'mailboxes',
  {
    id: serial('id').primaryKey(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'restrict' }),
    type: mailboxType('type').notNull().default('DEV'),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    username: text('username').notNull().default(''),
    // AES-256-GCM ciphertext (base64 of iv|tag|data); never returned by the API.
    passwordEnc: text('password_enc'),
    protocol: text('protocol').notNull().default('smtp'),
    auth: boolean('auth').notNull().default(false),
    starttlsEnable: boolean('starttls_enable').notNull().default(false),
    connectionTimeout: integer('connection_timeout').notNull().default(5000),
    timeout: integer('timeout').notNull().default(5000),
    writeTimeout: integer('write_timeout').notNull().default(5000),
    active: boolean('active').notNull().default(false),
  },
  // At most one active mailbox, enforced by the database itself.
  (t) => [
    uniqueIndex('mailboxes_one_active_idx')
      .on(t.active)
      .where(sql`${t.active}`),
  ],
);

export const messageStatus = pgEnum('message_status', MESSAGE_STATUSES);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull().default(''),
    message: text('message').notNull(),
    vacancyId: integer('vacancy_id').references(() => vacancies.id, { onDelete: 'set null' }),
    vacancyTitle: text('vacancy_title'),
    attachmentName: text('attachment_name'),
    attachment: bytea('attachment'),
    status: messageStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    // A claim expires so that a worker that died mid-send does not hold a message forever.
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    // The claim holding the message ('sending'): only its holder may start or record a transmission.
    claimToken: uuid('claim_token'),
    // Set just before this claim hands the message to SMTP: a claim that expires without it was
    // never attempted (sent once, later); with it, the mail may have gone out (sent again, same Message-ID).
    transmittingSince: timestamp('transmitting_since', { withTimezone: true }),
    lastError: text('last_error'),
    // Message-ID given to the SMTP server: a retry after an unknown outcome reuses it.
    messageId: text('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * 'contact': a message for staff; 'confirmation': the mail telling its visitor it arrived
     * (to `email`, body in `message`), sent through the same outbox (migration 0007); 'account':
     * see `subject`.
     */
    kind: text('kind').$type<'contact' | 'confirmation' | 'account' | 'candidate'>().notNull().default('contact'),
    /**
     * 'account' (migration 0014): an invitation or reset link to `email`; `message` holds its text
     * sealed with the server secret (the link's token is nowhere else in the clear) and is emptied
     * once sent; `subject` is its subject.
     */
    subject: text('subject'),
    /** The message a confirmation confirms: unique, so never more than one per message. */
    confirmsId: integer('confirms_id').references((): AnyPgColumn => contactMessages.id, { onDelete: 'cascade' }),
    // Set when the retention period erased the personal fields and the file; the row stays counted.
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** The visitor's language (`en`, `nl`, `fr`): from the sending page's Accept-Language (migration 0015). */
    language: text('language').$type<Locale>().notNull().default('en'),
  },
  (t) => [
    index('contact_messages_due_idx').on(t.status, t.nextAttemptAt),
    uniqueIndex('contact_messages_confirms_idx').on(t.confirmsId),
    index('contact_messages_email_idx').on(sql`lower(${t.email})`),
    index('contact_messages_created_idx').on(t.createdAt),
    // Migration 0011: the Messages screen's order over the rows it lists.
    index('contact_messages_staff_list_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.kind} = 'contact' and ${t.erasedAt} is null`),
    // Not declared here: contact_messages_health_idx (migration 0021), the waiting and failed
    // messages the dashboard's mail health counts, whose INCLUDE column the index builder cannot express.
  ],
);

export const mailLogs = pgTable(
  'mail_logs',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id').references(() => contactMessages.id, { onDelete: 'set null' }),
    senderFullName: text('sender_full_name').notNull(),
    senderEmail: text('sender_email').notNull(),
    sentTimestamp: timestamp('sent_timestamp', { withTimezone: true }).notNull().defaultNow(),
    sentToMailbox: text('sent_to_mailbox').notNull(),
    recipients: text('recipients').notNull(),
  },
  // Migration 0011: the mail log's orders (mailbox and recipients are sorted without an index).
  (t) => [
    index('mail_logs_sent_idx').on(t.sentTimestamp, t.id),
    index('mail_logs_sender_name_idx').on(t.senderFullName, t.id),
    index('mail_logs_sender_email_idx').on(t.senderEmail, t.id),
  ],
);
