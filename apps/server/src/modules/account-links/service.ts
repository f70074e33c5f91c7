import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@app/shared/messages';
import { ACCOUNT_LINKS_MSG } from '@app/shared/messages/account-links';
import { MAIL_MSG } from '@app/shared/messages/mail';
import { ROUTES } from '@app/shared/routes';
import type { AccountLinkDone, Invitation, InviteRequest } from '@app/shared/schemas/account-links';
import type { CounterStore } from '../../lib/counter-store';
import { conflict, HttpError, notFound, tooManyRequests } from '../../lib/http-error';
import { hashPassword } from '../../lib/password-hashing';
import { recordAudit } from '../audit';
import { contentRepository } from '../content';
import { mailboxesRepository, mailboxKey } from '../mail-settings';
import { outboxService } from '../outbox';
import { usersRepository } from '../users';
import { hashLinkToken, newLinkToken } from './link-token';
import { accountTokensRepository, type LinkRefusal, type Purpose } from './repository';

const HOUR_MS = 60 * 60 * 1000;
/** An invitation's link works for 7 days, a reset link for one hour. */
export const INVITE_TTL_MS = 7 * 24 * HOUR_MS;
export const RESET_TTL_MS = HOUR_MS;
/** Reset requests per typed address (so per account) and per client address, in one window. */
export const RESET_WINDOW_MS = HOUR_MS;
export const MAX_RESETS_PER_EMAIL = 3;
export const MAX_RESETS_PER_ADDRESS = 10;

const refusals: Record<Purpose, Record<LinkRefusal, string>> = {
  invite: {
    invalid: ACCOUNT_LINKS_MSG.invitationInvalid,
    used: ACCOUNT_LINKS_MSG.invitationUsed,
    expired: ACCOUNT_LINKS_MSG.invitationExpired,
  },
  reset: {
    invalid: ACCOUNT_LINKS_MSG.resetInvalid,
    used: ACCOUNT_LINKS_MSG.resetUsed,
    expired: ACCOUNT_LINKS_MSG.resetExpired,
  },
};
/** A link that does not work: 410 Gone for a used or expired one, 400 for one that never was (or was replaced). */
const refused = (purpose: Purpose, why: LinkRefusal) =>
  new HttpError(why === 'invalid' ? 400 : 410, refusals[purpose][why]);

/**
 * Invitations and password resets by mail (docs/decisions/0147-account-links-by-mail.md): each a
 * one-time link whose token only the mail holds (the database keeps its SHA-256), queued through
 * the outbox like every mail the site sends.
 */
export function accountLinksService(app: FastifyInstance, counters: CounterStore) {
  const tokens = accountTokensRepository(app.db);
  const users = usersRepository(app.db);
  const outbox = outboxService(app.db);
  const key = mailboxKey(app.secret);
  const linkTo = (path: string, token: string) => `${app.config.publicUrl}${path}?token=${token}`;
  const siteName = async () =>
    (await contentRepository(app.db).findSettings())?.companyName?.trim() || app.config.publicUrl;

  async function mailInvitation(email: string, role: string, token: string) {
    await outbox.enqueueAccountMail(key, {
      to: email,
      subject: MAIL_MSG.invitationSubject,
      text: MAIL_MSG.invitationText(await siteName(), role, linkTo(ROUTES.acceptInvitation.path, token)),
    });
  }

  async function mustBeOpen(id: number) {
    const invite = await tokens.openInvite(id);
    if (!invite) throw notFound(ACCOUNT_LINKS_MSG.invitationNotFound);
    return invite;
  }

  /** Reset requests still being worked on (answered already): closing the app waits for them. */
  const inFlight = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...inFlight]);
  });

  return {
    /** Whether a link can be mailed: an active mailbox that has not failed the waiting mail (the Messages screen's "working"). */
    async mailWorks(): Promise<boolean> {
      const active = await mailboxesRepository(app.db).findActive();
      return active ? (await outbox.health(true)).working : false;
    },

    async listInvitations(): Promise<Invitation[]> {
      return (await tokens.openInvites()).map((r) => ({
        ...r,
        createdAt: r.createdAt.toISOString(),
        expiresAt: r.expiresAt.toISOString(),
      }));
    },

    async invite(input: InviteRequest, req: FastifyRequest): Promise<Invitation> {
      const role = (await users.listRoles()).find((r) => r.id === input.roleId);
      if (!role) throw new HttpError(400, MSG.roleRequired, [{ field: 'roleId', message: MSG.roleRequired }]);
      if (await users.findByEmail(input.email)) throw conflict(MSG.emailTaken);
      if (await tokens.openInviteFor(input.email)) throw conflict(ACCOUNT_LINKS_MSG.invitationPending);
      const { token, hash } = newLinkToken();
      let row;
      try {
        row = await tokens.insertInvite({
          tokenHash: hash,
          email: input.email,
          roleId: role.id,
          createdBy: req.principal!.userId,
          ttlMs: INVITE_TTL_MS,
        });
      } catch (err) {
        // Two invitations racing past the check above meet the unique index instead.
        if ((err as { cause?: { code?: string } }).cause?.code === '23505')
          throw conflict(ACCOUNT_LINKS_MSG.invitationPending);
        throw err;
      }
      await mailInvitation(row.email, role.name, token);
      await recordAudit(
        app.db,
        {
          area: 'users',
          action: 'invite',
          recordId: null,
          changes: { email: { to: row.email }, role: { to: role.name } },
        },
        req,
      );
      return (await this.listInvitations()).find((i) => i.id === row.id)!;
    },

    /** A new link for an open invitation (also an expired one), valid 7 days from now; the old link is dead. */
    async resend(id: number, req: FastifyRequest): Promise<void> {
      const invite = await mustBeOpen(id);
      const { token, hash } = newLinkToken();
      if (!(await tokens.renewInvite(id, hash, INVITE_TTL_MS))) throw notFound(ACCOUNT_LINKS_MSG.invitationNotFound);
      await mailInvitation(invite.email, invite.role, token);
      await recordAudit(
        app.db,
        { area: 'users', action: 'invite-resend', changes: { email: { to: invite.email } } },
        req,
      );
    },

    async withdraw(id: number, req: FastifyRequest): Promise<void> {
      const invite = await mustBeOpen(id);
      if (!(await tokens.removeInvite(id))) throw notFound(ACCOUNT_LINKS_MSG.invitationNotFound);
      await recordAudit(
        app.db,
        { area: 'users', action: 'invite-withdraw', changes: { email: { from: invite.email } } },
        req,
      );
    },

    /** The invited person chooses a password: the account is made with the invitation's role. */
    async accept(token: string, password: string, req: FastifyRequest): Promise<AccountLinkDone> {
      const passwordHash = await hashPassword(password);
      const used = await tokens.use('invite', hashLinkToken(token));
      if (typeof used === 'string') throw refused('invite', used);
      let userId: number;
      try {
        if (await users.findByEmail(used.email)) throw conflict(MSG.emailTaken);
        userId = await users.create(used.email, passwordHash, used.roleId ? [used.roleId] : []);
      } catch (err) {
        await tokens.unuse(used.id);
        if ((err as { cause?: { code?: string } }).cause?.code === '23505') throw conflict(MSG.emailTaken);
        throw err;
      }
      const user = (await users.findById(userId))!;
      await recordAudit(
        app.db,
        {
          area: 'users',
          action: 'invite-accept',
          userId,
          email: user.email,
          recordId: userId,
          changes: { email: { to: user.email }, roles: { to: user.roles } },
        },
        req,
      );
      return { message: ACCOUNT_LINKS_MSG.invitationAccepted, email: user.email };
    },

    /**
     * "Forgot your password?": counted per typed address and per client address, then answered at
     * once, the same for every address. Whether there is such an account, and the link and its mail
     * for one, are worked out after the answer has gone, so the answer's timing says nothing either.
     */
    async requestReset(email: string, req: FastifyRequest): Promise<void> {
      const limits = [
        { key: `reset:email:${email.trim().toLowerCase()}`, max: MAX_RESETS_PER_EMAIL },
        { key: `reset:ip:${req.ip}`, max: MAX_RESETS_PER_ADDRESS },
      ];
      const r = await counters.reserve(limits, RESET_WINDOW_MS);
      if (!r.granted)
        throw tooManyRequests(ACCOUNT_LINKS_MSG.tooManyResetRequests, await counters.expiresIn(limits[r.blocked]!.key));
      if (!(await this.mailWorks())) throw new HttpError(503, ACCOUNT_LINKS_MSG.resetUnavailable, undefined, 60);
      const address = req.ip;
      const work = (async () => {
        const user = await users.findByEmail(email);
        if (!user) return;
        const { token, hash } = newLinkToken();
        await tokens.insertReset({ tokenHash: hash, userId: user.id, email: user.email, ttlMs: RESET_TTL_MS });
        await outbox.enqueueAccountMail(key, {
          to: user.email,
          subject: MAIL_MSG.resetSubject,
          text: MAIL_MSG.resetText(await siteName(), linkTo(ROUTES.resetPassword.path, token)),
        });
        await recordAudit(app.db, {
          area: 'session',
          action: 'password-reset-requested',
          userId: null,
          email: null,
          recordId: user.id,
          address,
        });
      })()
        .catch((err: unknown) => app.log.error({ err }, 'a password reset link could not be queued'))
        .finally(() => inFlight.delete(work));
      inFlight.add(work);
    },

    /**
     * A new password through a reset link: every session of the account ends (its token version
     * moves on), two-factor stays as it was, so a sign-in still asks for the code when it is on.
     */
    async reset(token: string, password: string, req: FastifyRequest): Promise<AccountLinkDone> {
      const passwordHash = await hashPassword(password);
      const used = await tokens.use('reset', hashLinkToken(token));
      if (typeof used === 'string') throw refused('reset', used);
      const user = used.userId === null ? undefined : await users.findById(used.userId);
      if (!user) throw refused('reset', 'invalid');
      await users.setOwnPassword(user.id, passwordHash);
      await tokens.dropResets(user.id);
      await recordAudit(
        app.db,
        {
          area: 'session',
          action: 'password-reset',
          userId: user.id,
          email: user.email,
          recordId: user.id,
          changes: { password: { changed: true } },
        },
        req,
      );
      return { message: ACCOUNT_LINKS_MSG.passwordResetDone, email: user.email };
    },
  };
}
export type AccountLinksService = ReturnType<typeof accountLinksService>;
