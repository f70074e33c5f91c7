import { and, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roles, userRoles, users } from '../../db/schema';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';

export interface UserRow {
  id: number;
  email: string;
  passwordHash: string;
  tokenVersion: number;
  roles: string[];
  mustChangePassword: boolean;
  /** AES-GCM sealed; set by the two-factor setup, in force only when `totpEnabledAt` is set. */
  totpSecret: string | null;
  totpEnabledAt: Date | null;
  /** The profile's display name (migration 0013); null when none is set. */
  displayName: string | null;
}

const roleNames = sql<
  string[]
>`coalesce(array_agg(${roles.name} order by ${roles.name}) filter (where ${roles.name} is not null), '{}')`;

function selectUsers(db: Db) {
  return db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      tokenVersion: users.tokenVersion,
      roles: roleNames,
      mustChangePassword: users.mustChangePassword,
      totpSecret: users.totpSecret,
      totpEnabledAt: users.totpEnabledAt,
      displayName: users.displayName,
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .groupBy(users.id);
}

/** A change would leave the site without an administrator (decided inside the change's transaction). */
export class LastAdminError extends Error {
  override name = 'LastAdminError';
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Inside a transaction that takes the administrator role from `userId` (a deletion or a demotion):
 * locks the role, so concurrent changes of administrators run one after the other, and refuses the
 * change when no other administrator would remain. Two admins deleting each other at once: the
 * second waits for the first and then sees it was the last one.
 */
async function keepAnotherAdmin(tx: Tx, userId: number) {
  const [admin] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'ROLE_ADMIN')).for('update');
  if (!admin) return;
  const [isAdmin] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(userRoles)
    .where(and(eq(userRoles.roleId, admin.id), eq(userRoles.userId, userId)));
  if (!isAdmin?.n) return;
  const [others] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(userRoles)
    .where(and(eq(userRoles.roleId, admin.id), sql`${userRoles.userId} <> ${userId}`));
  if (!others?.n) throw new LastAdminError();
}

/** The only code that reads or writes users, roles and user_roles. */
/** Updates the users the condition picks; true when it picked one (the conditional writes below). */
async function updated(db: Db, values: PgUpdateSetSource<typeof users>, where: SQL | undefined): Promise<boolean> {
  return (await db.update(users).set(values).where(where).returning({ id: users.id })).length > 0;
}

export const usersRepository = (db: Db) => ({
  /**
   * The accounts, oldest first; with a window only those (the API's lists; the server's shell
   * lists every one). The window is cut from users alone, in the primary key's order, before the
   * roles are joined, so the database never groups the whole table for one page.
   */
  list: (window?: { limit: number; offset: number }): Promise<UserRow[]> =>
    window
      ? selectUsers(db)
          .where(
            inArray(
              users.id,
              db.select({ id: users.id }).from(users).orderBy(users.id).limit(window.limit).offset(window.offset),
            ),
          )
          .orderBy(users.id)
      : selectUsers(db).orderBy(users.id),

  /** How many accounts there are (the dashboard). */
  count: async (): Promise<number> => (await db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n ?? 0,

  findById: async (id: number): Promise<UserRow | undefined> => (await selectUsers(db).where(eq(users.id, id)))[0],

  findByEmail: async (email: string): Promise<UserRow | undefined> =>
    (await selectUsers(db).where(eq(sql`lower(${users.email})`, email.toLowerCase())))[0],

  /** The profile's display name; empty clears it. */
  setDisplayName: async (id: number, displayName: string): Promise<boolean> =>
    updated(db, { displayName: displayName || null }, eq(users.id, id)),

  listRoles: () => db.select().from(roles).orderBy(roles.id),

  /** Adds the roles that do not exist yet (the seed, at every start). */
  addMissingRoles: async (names: readonly string[]): Promise<void> => {
    if (names.length)
      await db
        .insert(roles)
        .values(names.map((name) => ({ name })))
        .onConflictDoNothing();
  },

  existingRoleIds: async (ids: number[]) =>
    ids.length ? (await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, ids))).map((r) => r.id) : [],

  countAdmins: async (): Promise<number> => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(roles.name, 'ROLE_ADMIN'));
    return row?.n ?? 0;
  },

  /** `mustChangePassword`: a generated password, to be replaced at the first sign-in. */
  create: (email: string, passwordHash: string, roleIds: number[], { mustChangePassword = false } = {}) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ email, passwordHash, mustChangePassword })
        .returning({ id: users.id });
      if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: row!.id, roleId })));
      return row!.id;
    }),

  /**
   * Sets the password (and roles when given) and revokes every token of the user; throws
   * LastAdminError when the new roles would leave no administrator. `mustChangePassword` (when
   * given) says whether the password was generated and must be replaced at the next sign-in.
   */
  update: (
    id: number,
    passwordHash: string,
    roleIds?: number[],
    { mustChangePassword }: { mustChangePassword?: boolean } = {},
  ) =>
    db.transaction(async (tx) => {
      if (roleIds) {
        const [admin] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'ROLE_ADMIN'));
        if (admin && !roleIds.includes(admin.id)) await keepAnotherAdmin(tx, id);
      }
      await tx
        .update(users)
        .set({
          passwordHash,
          tokenVersion: sql`${users.tokenVersion} + 1`,
          ...(mustChangePassword === undefined ? {} : { mustChangePassword }),
        })
        .where(eq(users.id, id));
      if (roleIds) {
        await tx.delete(userRoles).where(eq(userRoles.userId, id));
        if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: id, roleId })));
      }
    }),

  /** Throws LastAdminError when the user is the last administrator. */
  delete: (id: number) =>
    db.transaction(async (tx) => {
      await keepAnotherAdmin(tx, id);
      return (await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id })).length > 0;
    }),

  /** One's own new password: no longer a forced change; every token goes. Answers the new token version. */
  setOwnPassword: async (id: number, passwordHash: string): Promise<number | undefined> =>
    (
      await db
        .update(users)
        .set({ passwordHash, mustChangePassword: false, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, id))
        .returning({ tokenVersion: users.tokenVersion })
    )[0]?.tokenVersion,
  /** Sign out everywhere: every token of the user carries an older version from now on. False: no such user. */
  revokeAllTokens: async (id: number): Promise<boolean> =>
    updated(db, { tokenVersion: sql`${users.tokenVersion} + 1` }, eq(users.id, id)),
  /** A new (sealed) secret waiting for its confirmation code; refused (false) while two-factor is on. */
  setPendingTotpSecret: async (id: number, sealed: string): Promise<boolean> =>
    updated(db, { totpSecret: sealed, totpLastStep: null }, and(eq(users.id, id), isNull(users.totpEnabledAt))),
  enableTotp: async (id: number): Promise<boolean> =>
    updated(
      db,
      { totpEnabledAt: sql`now()` },
      and(eq(users.id, id), isNull(users.totpEnabledAt), isNotNull(users.totpSecret)),
    ),
  /** Two-factor off (turned off, or reset by an administrator). False: no such user. */
  clearTotp: async (id: number): Promise<boolean> =>
    updated(db, { totpSecret: null, totpEnabledAt: null, totpLastStep: null }, eq(users.id, id)),
  /**
   * Records that a code of this 30-second step was accepted; false when this step or a later one
   * was accepted already, so one code cannot sign in twice (not even in two parallel requests).
   */
  claimTotpStep: async (id: number, step: number): Promise<boolean> =>
    updated(
      db,
      { totpLastStep: step },
      and(eq(users.id, id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))),
    ),
  hasRole: async (userId: number, roleId: number) =>
    (
      await db
        .select()
        .from(userRoles)
        .where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, roleId)))
    ).length > 0,
});
export type UsersRepository = ReturnType<typeof usersRepository>;
