import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditRepository } from '../audit';
import { usersRepository } from '../users';
import { LOGIN_WINDOW_MS } from './login-throttle';

/** A window's latest count reaches its row at most this long after the refusal. */
const FLUSH_MS = 2_000;
/** Addresses followed at once; past it the oldest is written and forgotten. */
const MAX_OPEN = 10_000;

interface Window {
  rowId: number | undefined;
  since: number;
  count: number;
  written: number;
}

/**
 * Refused sign-ins (a limit or the captcha said no) in the audit trail, one row per client address
 * and sign-in window counting the attempts (`changes.attempts`), instead of a row per request: one
 * client made 8,638 rows in 10 seconds, about 32 GiB a day. The first refusal writes the row; later
 * ones count in memory and reach the row within FLUSH_MS. The row names the account only when the
 * name typed first is a known account's address: anything else typed there (a password, by mistake)
 * is never stored. Each instance keeps its own rows.
 */
export function refusalAudit(app: FastifyInstance) {
  const repo = auditRepository(app.db);
  const open = new Map<string, Window>();
  let timer: NodeJS.Timeout | undefined;

  const write = async (w: Window) => {
    if (w.rowId === undefined || w.count === w.written) return;
    const count = w.count;
    await repo.setAttempts(w.rowId, count);
    w.written = Math.max(w.written, count);
  };
  const flush = async () => {
    timer = undefined;
    const now = Date.now();
    for (const [address, w] of open) {
      await write(w).catch((err: unknown) => app.log.warn({ err }, 'refused sign-ins: count not written'));
      if (now - w.since >= LOGIN_WINDOW_MS) open.delete(address);
    }
  };
  const later = () => {
    timer ??= setTimeout(() => void flush(), FLUSH_MS).unref();
  };
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    await flush();
  });

  return async function refused(req: FastifyRequest, username: string): Promise<void> {
    const address = req.ip;
    const now = Date.now();
    const current = open.get(address);
    if (current && now - current.since < LOGIN_WINDOW_MS) {
      current.count++;
      later();
      return;
    }
    if (current) await write(current);
    open.delete(address);
    if (open.size >= MAX_OPEN) {
      const [oldest, w] = open.entries().next().value!;
      open.delete(oldest);
      await write(w);
    }
    const w: Window = { rowId: undefined, since: now, count: 1, written: 1 };
    open.set(address, w);
    const account = await usersRepository(app.db).findByEmail(username);
    w.rowId = await repo.insertCounted(
      {
        area: 'session',
        action: 'sign-in-refused',
        userId: account?.id ?? null,
        email: account ? username : null,
        address,
        recordId: account ? String(account.id) : null,
      },
      1,
    );
    // Refusals counted while the row was being written.
    if (w.count > w.written) later();
  };
}
