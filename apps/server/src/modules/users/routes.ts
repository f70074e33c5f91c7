import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createUserRequest, roleSchema, updateUserRequest, userSchema, usersPage } from '@app/shared/schemas/users';
import { pageQuery } from '@app/shared/schemas/paging';
import { boundedListDescription } from '../../lib/bounded-list';
import { errorBody, idParam, messageBody } from '@app/shared/schemas/common';
import { MSG } from '@app/shared/messages';
import { usersRepository } from './repository';
import { usersService } from './service';
import type { Db } from '../../db/client';
import { STAFF_API } from '@app/shared/api-paths-staff';

/** The password hash takes part only to show that the password changed; its value never enters the trail. */
const auditedUser = async (db: Db, id: number) => {
  const user = await usersRepository(db).findById(id);
  return user && { email: user.email, roles: [...user.roles].sort(), password: user.passwordHash };
};

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = usersService(usersRepository(app.db));
  const admin = { access: 'users' } as const;
  const tags = ['users'];

  app.get(
    STAFF_API.users,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'listUsers',
        summary: 'The users with their roles',
        description: boundedListDescription('users', 'oldest account first'),
        querystring: pageQuery,
        response: { 200: z.union([z.array(userSchema), usersPage]), ...errors },
      },
    },
    (req) => users.list(req.query),
  );

  app.get(
    STAFF_API.roles,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'listRoles',
        summary: 'The roles a user can be given',
        response: { 200: z.array(roleSchema), ...errors },
      },
    },
    () => users.roles(),
  );

  app.get(
    STAFF_API.user,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'getUser',
        summary: 'One user',
        params: idParam,
        response: { 200: userSchema, ...errors },
      },
    },
    (req) => users.get(req.params.id),
  );

  app.post(
    STAFF_API.userCreate,
    {
      config: { ...admin, audit: { area: 'users', action: 'create', load: auditedUser } },
      schema: {
        tags,
        operationId: 'createUser',
        summary: 'Create a user with an e-mail address, a password and one role',
        body: createUserRequest,
        response: { 201: userSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await users.create(req.body)),
  );

  // The spec names two paths for the same change (the older edit screen and the newer service).
  for (const [path, operationId, summary] of [
    [
      STAFF_API.userUpdate,
      'updateUser',
      "Set a user's password, and their roles when given (the e-mail address stays)",
    ],
    [STAFF_API.userEdit, 'editUser', 'The same change as updateUser, at the other path the specification names'],
  ] as const) {
    app.put(
      path,
      {
        config: { ...admin, audit: { area: 'users', action: 'update', load: auditedUser } },
        schema: {
          tags,
          operationId,
          summary,
          params: idParam,
          body: updateUserRequest,
          response: { 200: userSchema, ...errors },
        },
      },
      (req) => users.update(req.params.id, req.body),
    );
  }

  const remove = {
    config: { ...admin, audit: { area: 'users', action: 'delete', load: auditedUser } },
    schema: { tags, params: idParam, response: { 200: messageBody, ...errors } },
  } as const;
  const handler = async (req: { params: { id: number }; principal: { userId: number } | null }) => {
    await users.remove(req.params.id, req.principal!.userId);
    return { message: MSG.userDeleted };
  };
  app.delete(
    STAFF_API.userDelete,
    { ...remove, schema: { ...remove.schema, operationId: 'deleteUser', summary: 'Delete a user' } },
    handler,
  );
  // Kept for the spec's earlier client, which deletes with PUT and a body.
  app.put(
    STAFF_API.userDelete,
    {
      ...remove,
      schema: {
        ...remove.schema,
        operationId: 'deleteUserByPut',
        summary: 'Delete a user with PUT, as the earlier client does',
      },
    },
    handler,
  );
};
