import crypto from 'node:crypto';
import { ROLES, ROLE_ADMIN } from '@app/shared/constants';
import { MSG } from '@app/shared/messages';
import { emailField } from '@app/shared/schemas/users';
import type { Db } from '../db/client';
import { hashPassword } from '../lib/password-hashing';
import { recordAudit } from '../modules/audit';
import { usersRepository } from '../modules/users';

/**
 * The administrator's way back in (docs/operations.md): the commands behind `npm run admin`.
 * They work on the database directly, through the users repository, so the same rules hold as in
 * the API (a password change revokes the account's tokens; the last administrator stays).
 */
export class AdminCommandError extends Error {}

const email = emailField(MSG.emailRequired, MSG.emailInvalid);
const newPassword = () => crypto.randomBytes(15).toString('base64url');

function parseEmail(value: string | undefined): string {
  const parsed = email.safeParse(value ?? '');
  if (!parsed.success) throw new AdminCommandError(`Not a valid e-mail address: ${JSON.stringify(value ?? '')}`);
  return parsed.data;
}

export async function listUsers(db: Db): Promise<string> {
  const rows = await usersRepository(db).list();
  if (!rows.length) return 'No users.';
  return rows.map((u) => `${String(u.id).padStart(4)}  ${u.email}  ${u.roles.join(', ') || '(no role)'}`).join('\n');
}

export async function createUser(db: Db, address: string | undefined, roleNames: string[]): Promise<string> {
  const mail = parseEmail(address);
  const wanted = roleNames.length ? roleNames : [ROLE_ADMIN];
  const unknown = wanted.filter((r) => !(ROLES as readonly string[]).includes(r));
  if (unknown.length)
    throw new AdminCommandError(
      `Unknown role ${unknown.join(', ')}: use ${ROLES.slice(0, -1).join(', ')} or ${ROLES[ROLES.length - 1]}.`,
    );
  const repo = usersRepository(db);
  if (await repo.findByEmail(mail))
    throw new AdminCommandError(`A user with the address ${mail} exists already: use reset-password.`);
  const roles = await repo.listRoles();
  const password = newPassword();
  const id = await repo.create(
    mail,
    await hashPassword(password),
    roles.filter((r) => wanted.includes(r.name)).map((r) => r.id),
    { mustChangePassword: true },
  );
  // From the server's shell: no staff member and no client address, but still in the trail.
  await recordAudit(db, {
    area: 'users',
    action: 'create-cli',
    recordId: id,
    userId: null,
    email: null,
    address: null,
    changes: { email: { to: mail }, roles: { to: wanted }, password: { changed: true } },
  });
  return `Created ${mail} (${wanted.join(', ')}).\nPassword: ${password}\nThe first sign-in at /login asks for a new password.`;
}

export async function resetPassword(db: Db, address: string | undefined): Promise<string> {
  const mail = parseEmail(address);
  const repo = usersRepository(db);
  const user = await repo.findByEmail(mail);
  if (!user) throw new AdminCommandError(`No user with the address ${mail}.`);
  const password = newPassword();
  // Also signs the account out everywhere; the next sign-in asks for a new password.
  await repo.update(user.id, await hashPassword(password), undefined, { mustChangePassword: true });
  await recordAudit(db, {
    area: 'users',
    action: 'password-reset-cli',
    recordId: user.id,
    userId: null,
    email: null,
    address: null,
    changes: { password: { changed: true } },
  });
  return `New password for ${user.email}: ${password}\nEvery session of this account has been signed out; the next sign-in asks for a new password.`;
}
