import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    // Bumped on password change, role change or deletion: every token carrying an older value is refused.
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Set for a generated password (first start, `npm run admin`): the first sign-in asks for a new one.
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    // AES-GCM sealed (lib/crypto.ts); in force only once totpEnabledAt is set.
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    // The 30-second step of the last accepted code, so that a code is accepted once only.
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    // The name the profile page sets; the default "Posted By" of a new post (migration 0013).
    displayName: text('display_name'),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** Ten one-time codes per user with two-factor, argon2-hashed; a used one keeps its row. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** A password accepted for an account with two-factor; `id` is the SHA-256 of the challenge handed out. */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_challenges_expires_idx').on(t.expiresAt)],
);

/** Tokens ended by Log Out (their `jti`), kept until they would have expired anyway. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text('jti').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);

/**
 * One-time links sent by mail (migration 0014): an invitation (`invite`: the address, the role,
 * valid 7 days) or a password reset (`reset`: the account, valid one hour). Only the SHA-256 of
 * the link's token is kept; a link works while `used_at` is empty and `expires_at` is ahead.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose').$type<'invite' | 'reset'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').references(() => roles.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open invitation per address: a second one is a resend of the first.
    uniqueIndex('account_tokens_open_invite_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.purpose} = 'invite' and ${t.usedAt} is null`),
    index('account_tokens_user_idx').on(t.userId),
  ],
);
