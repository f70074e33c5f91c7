import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captchaChallenge } from '@app/shared/schemas/contact';
import { appCaptcha } from './captcha';
import { API } from '@app/shared/api-paths';

export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  const captcha = appCaptcha(app);
  app.get(
    API.captchaChallenge,
    {
      config: { access: 'public' },
      schema: {
        tags: ['contact'],
        operationId: 'getCaptchaChallenge',
        summary: 'A new single-use ALTCHA challenge for the contact form',
        response: { 200: captchaChallenge },
      },
    },
    async (_req, reply) => {
      // Each challenge is single-use: a cached one would be refused as already used.
      reply.header('cache-control', 'no-store');
      return captcha.challenge();
    },
  );
};
