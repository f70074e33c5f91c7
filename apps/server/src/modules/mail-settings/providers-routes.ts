import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@app/shared/messages';
import { errorBody, idParam, messageBody } from '@app/shared/schemas/common';
import { providerExistsQuery, providerRequest, providerSchema, providersPage } from '@app/shared/schemas/mail';
import { pageQuery } from '@app/shared/schemas/paging';
import { boundedListDescription } from '../../lib/bounded-list';
import { mailboxesRepository } from './mailboxes-repository';
import { providersRepository } from './providers-repository';
import { providersService } from './providers-service';
import type { Db } from '../../db/client';
import { STAFF_API } from '@app/shared/api-paths-staff';

const auditedProvider = (db: Db, id: number) => providersRepository(db).find(id);

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const admin = { access: 'mail' } as const;
const tags = ['providers'];

/** /api/providers/*: the SMTP providers mailboxes are made from. */
export const providersRoutes: FastifyPluginAsyncZod = async (app) => {
  const providers = providersService({
    providers: providersRepository(app.db),
    mailboxes: mailboxesRepository(app.db),
    smtpAllowedPorts: app.config.smtpAllowedPorts,
  });

  app.get(
    STAFF_API.providers,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'listProviders',
        summary: 'The SMTP providers',
        description: boundedListDescription('providers', 'oldest first'),
        querystring: pageQuery,
        response: { 200: z.union([z.array(providerSchema), providersPage]), ...errors },
      },
    },
    (req) => providers.list(req.query),
  );
  app.get(
    STAFF_API.providerExists,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'providerExists',
        summary: 'Whether a provider with this name, port and protocol exists',
        querystring: providerExistsQuery,
        response: { 200: z.boolean(), ...errors },
      },
    },
    (req) => {
      const q = req.query as z.output<typeof providerExistsQuery>;
      return providers.exists(q.providerName, q.port, q.protocol);
    },
  );
  app.post(
    STAFF_API.providerCreate,
    {
      config: { ...admin, audit: { area: 'providers', action: 'create', load: auditedProvider } },
      schema: {
        tags,
        operationId: 'createProvider',
        summary: 'Add an SMTP provider',
        body: providerRequest,
        response: { 201: providerSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await providers.create(req.body)),
  );
  app.get(
    STAFF_API.provider,
    {
      config: admin,
      schema: {
        tags,
        operationId: 'getProvider',
        summary: 'One SMTP provider',
        params: idParam,
        response: { 200: providerSchema, ...errors },
      },
    },
    (req) => providers.get(req.params.id),
  );
  app.put(
    STAFF_API.provider,
    {
      config: { ...admin, audit: { area: 'providers', action: 'update', load: auditedProvider } },
      schema: {
        tags,
        operationId: 'updateProvider',
        summary: 'Change an SMTP provider',
        params: idParam,
        body: providerRequest,
        response: { 200: providerSchema, ...errors },
      },
    },
    (req) => providers.update(req.params.id, req.body),
  );
  app.delete(
    STAFF_API.provider,
    {
      config: { ...admin, audit: { area: 'providers', action: 'delete', load: auditedProvider } },
      schema: {
        tags,
        operationId: 'deleteProvider',
        summary: 'Delete an SMTP provider',
        params: idParam,
        response: { 200: messageBody, ...errors },
      },
    },
    async (req) => {
      await providers.remove(req.params.id);
      return { message: MSG.providerDeleted };
    },
  );
};
