import { MSG } from '@app/shared/messages';
import { ROLE_ADMIN, ROLES } from '@app/shared/constants';
import type { CreateUserRequest, UpdateUserRequest, User } from '@app/shared/schemas/users';
import type { PageQuery } from '@app/shared/schemas/paging';
import { boundedOrPage } from '../../lib/bounded-list';
import { hashPassword } from '../../lib/password-hashing';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { LastAdminError, type UsersRepository, type UserRow } from './repository';
import { SERVER_MSG } from '@app/shared/messages/server';

/** The check above answers most requests early; the transaction's own check decides races. */
async function lastAdminAsConflict<T>(change: Promise<T>): Promise<T> {
  try {
    return await change;
  } catch (err) {
    if (err instanceof LastAdminError) throw conflict(MSG.cannotRemoveLastAdmin);
    throw err;
  }
}

const toUser = (row: UserRow): User => ({ userId: row.id, email: row.email, roles: row.roles });

export function usersService(repo: UsersRepository) {
  async function checkRoleIds(roleIds: number[]) {
    const known = await repo.existingRoleIds(roleIds);
    if (known.length !== new Set(roleIds).size)
      throw badRequest(MSG.roleRequired, [{ field: 'roleIds', message: SERVER_MSG.unknownRole }]);
  }

  async function mustFind(id: number) {
    const user = await repo.findById(id);
    if (!user) throw notFound(MSG.userNotFound);
    return user;
  }

  /** Refuses a change that would leave the site without any administrator. */
  async function keepOneAdmin(user: UserRow) {
    if (user.roles.includes(ROLE_ADMIN) && (await repo.countAdmins()) <= 1) throw conflict(MSG.cannotRemoveLastAdmin);
  }

  return {
    /** The spec's plain array, bounded, or one page (lib/bounded-list.ts). */
    list: (q: PageQuery) =>
      boundedOrPage(
        q,
        async (limit, offset) => (await repo.list({ limit, offset })).map(toUser),
        () => repo.count(),
      ),
    get: async (id: number) => toUser(await mustFind(id)),
    /** In the order of ROLES (the specification's two first): the create-user screen lists them so. */
    roles: async () => {
      const order = (name: string) => {
        const at = (ROLES as readonly string[]).indexOf(name);
        return at === -1 ? ROLES.length : at;
      };
      return (await repo.listRoles()).sort((a, b) => order(a.name) - order(b.name) || a.id - b.id);
    },

    async create(input: CreateUserRequest) {
      await checkRoleIds(input.roleIds);
      if (await repo.findByEmail(input.email)) throw conflict(MSG.emailTaken);
      try {
        const id = await repo.create(input.email, await hashPassword(input.password), input.roleIds);
        return toUser(await mustFind(id));
      } catch (err) {
        // Two requests racing past the check above meet the unique index instead.
        if ((err as { code?: string; cause?: { code?: string } }).cause?.code === '23505')
          throw conflict(MSG.emailTaken);
        throw err;
      }
    },

    async update(id: number, input: UpdateUserRequest) {
      const user = await mustFind(id);
      if (input.roleIds) {
        await checkRoleIds(input.roleIds);
        const roles = await repo.listRoles();
        const adminId = roles.find((r) => r.name === ROLE_ADMIN)?.id;
        if (adminId !== undefined && !input.roleIds.includes(adminId)) await keepOneAdmin(user);
      }
      await lastAdminAsConflict(repo.update(id, await hashPassword(input.password), input.roleIds));
      return toUser(await mustFind(id));
    },

    async remove(id: number, actingUserId: number) {
      if (id === actingUserId) throw conflict(MSG.cannotDeleteSelf);
      const user = await mustFind(id);
      await keepOneAdmin(user);
      await lastAdminAsConflict(repo.delete(id));
    },
  };
}
