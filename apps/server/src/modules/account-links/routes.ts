import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API } from '@app/shared/api-paths';
import { STAFF_API } from '@app/shared/api-paths-staff';
import { ACCOUNT_LINKS_MSG } from '@app/shared/messages/account-links';
import {
  acceptInvitationRequest,
  accountLinkDone,
  invitationSchema,
  inviteRequest,
  passwordResetAvailability,
  passwordResetConfirm,
  passwordResetRequest,
} from '@app/shared/schemas/account-links';
import { errorBody, idParam, messageBody } from '@app/shared/schemas/common';
import type { CounterStore } from '../../lib/counter-store';
import { accountLinksService } from './service';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  410: errorBody,
  429: errorBody,
  503: errorBody,
};

/**
 * Invitations (the administrator's) and forgotten passwords (anyone's): the links they mail and
 * the public routes that use those links (docs/behaviour/users-and-roles.md).
 */
export const accountLinksRoutes: FastifyPluginAsyncZod<{ counters: CounterStore }> = async (app, opts) => {
  const links = accountLinksService(app, opts.counters);
  const admin = { access: 'users' } as const;
  const open = { access: 'public' } as const;

  app.get(
    STAFF_API.invitations,
    {
      config: admin,
      schema: {
        tags: ['users'],
        operationId: 'listInvitations',
        summary: 'The invitations not accepted yet (expired ones too), oldest first',
        response: { 200: z.array(invitationSchema), ...errors },
      },
    },
    () => links.listInvitations(),
  );

  app.post(
    STAFF_API.invitations,
    {
      config: admin,
      schema: {
        tags: ['users'],
        operationId: 'inviteUser',
        summary: 'Invite a person by e-mail with one role: they get a one-time link (7 days) to choose their password',
        body: inviteRequest,
        response: { 201: invitationSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await links.invite(req.body, req)),
  );

  app.post(
    STAFF_API.invitationResend,
    {
      config: admin,
      schema: {
        tags: ['users'],
        operationId: 'resendInvitation',
        summary: 'Send an invitation again with a new link (7 days from now); the previous link stops working',
        params: idParam,
        response: { 200: messageBody, ...errors },
      },
    },
    async (req) => {
      await links.resend(req.params.id, req);
      return { message: ACCOUNT_LINKS_MSG.invitationResent };
    },
  );

  app.delete(
    STAFF_API.invitation,
    {
      config: admin,
      schema: {
        tags: ['users'],
        operationId: 'withdrawInvitation',
        summary: 'Withdraw an invitation: its link stops working',
        params: idParam,
        response: { 200: messageBody, ...errors },
      },
    },
    async (req) => {
      await links.withdraw(req.params.id, req);
      return { message: ACCOUNT_LINKS_MSG.invitationWithdrawn };
    },
  );

  app.post(
    API.invitationAccept,
    {
      config: open,
      schema: {
        tags: ['session'],
        operationId: 'acceptInvitation',
        summary: "Accept an invitation with its link's token and a new password: the account is made",
        body: acceptInvitationRequest,
        response: { 201: accountLinkDone, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await links.accept(req.body.token, req.body.password, req)),
  );

  app.get(
    API.passwordResetAvailable,
    {
      config: open,
      schema: {
        tags: ['session'],
        operationId: 'passwordResetAvailable',
        summary:
          'Whether a reset link can be mailed now (a working mailbox); otherwise an administrator resets passwords',
        response: { 200: passwordResetAvailability },
      },
    },
    async (_req, reply) => reply.header('cache-control', 'no-store').send({ available: await links.mailWorks() }),
  );

  app.post(
    API.passwordResetRequest,
    {
      config: open,
      schema: {
        tags: ['session'],
        operationId: 'requestPasswordReset',
        summary:
          'Ask for a one-time reset link (1 hour) by mail: the same answer whether or not an account has the address',
        body: passwordResetRequest,
        response: { 202: messageBody, ...errors },
      },
    },
    async (req, reply) => {
      await links.requestReset(req.body.email, req);
      return reply.code(202).send({ message: ACCOUNT_LINKS_MSG.resetRequested });
    },
  );

  app.post(
    API.passwordReset,
    {
      config: open,
      schema: {
        tags: ['session'],
        operationId: 'resetPassword',
        summary: "Set a new password with a reset link's token: every session of the account ends",
        body: passwordResetConfirm,
        response: { 200: accountLinkDone, ...errors },
      },
    },
    (req) => links.reset(req.body.token, req.body.password, req),
  );
};
