import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorizedResponse, loginRequest, loginResponse } from '@app/shared/schemas/auth';
import { errorBody } from '@app/shared/schemas/common';
import { MSG } from '@app/shared/messages';
import { ROLE_ADMIN, ROLE_USER } from '@app/shared/constants';
import { usersRepository } from '../users/repository';
import { DUMMY_HASH, verifyPassword } from './passwords';
import { loginThrottle } from './login-throttle';
import type { CounterStore } from '../../lib/counter-store';
import { tooManyRequests, unauthorized } from '../../lib/http-error';

/** Where a freshly signed-in user lands: the back office for staff, the personnel page otherwise. */
const landingFor = (roles: string[]) => (roles.includes(ROLE_ADMIN) ? '/admin' : roles.includes(ROLE_USER) ? '/personel' : undefined);

export const authRoutes: FastifyPluginAsyncZod<{ counters: CounterStore }> = async (app, opts) => {
  const throttle = loginThrottle(opts.counters);

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['session'],
        body: loginRequest,
        response: { 200: loginResponse, 401: errorBody, 429: errorBody },
      },
    },
    async (req) => {
      const { username, password } = req.body;
      if (await throttle.isBlocked(username, req.ip)) throw tooManyRequests(MSG.tooManyLogins);
      const user = await usersRepository(app.db).findByEmail(username);
      // Same work and same answer for an unknown user and a wrong password.
      const ok = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, password);
      if (!user || !ok) {
        await throttle.recordFailure(username, req.ip);
        throw unauthorized(MSG.loginFailed);
      }
      await throttle.recordSuccess(username);
      const token = await app.tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion });
      const redirect = landingFor(user.roles);
      return {
        user: { userId: user.id, username: user.email, token, roles: user.roles },
        ...(redirect ? { redirect } : {}),
      };
    },
  );

  app.get(
    '/authorized',
    { config: { access: 'authenticated' }, schema: { tags: ['session'], response: { 200: authorizedResponse } } },
    async (req) => ({
      authorized: true,
      userId: req.principal!.userId,
      username: req.principal!.email,
      roles: req.principal!.roles,
    }),
  );
};
