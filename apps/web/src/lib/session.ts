import type { SessionUser } from '@app/shared/schemas/auth';

// Checked by hand: zod would put ~15 KB gzip on every public page just for this.
const isSessionUser = (v: unknown): v is SessionUser => {
  const u = v as Partial<SessionUser> | null;
  return (
    typeof u === 'object' &&
    u !== null &&
    typeof u.userId === 'number' &&
    typeof u.username === 'string' &&
    typeof u.token === 'string' &&
    Array.isArray(u.roles)
  );
};

/** The local storage keys of the session. The password is never stored. */
export const KEYS = { user: 'user', token: 'userToken', userId: 'userId', roles: 'userRoles' } as const;

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

export function saveSession(user: SessionUser): void {
  const s = storage();
  if (!s) return;
  s.setItem(KEYS.user, JSON.stringify(user));
  s.setItem(KEYS.token, user.token);
  s.setItem(KEYS.userId, String(user.userId));
  s.setItem(KEYS.roles, JSON.stringify(user.roles));
}

export function clearSession(): void {
  const s = storage();
  if (!s) return;
  for (const key of Object.values(KEYS)) s.removeItem(key);
}

export type SessionRead = { ok: true; user: SessionUser } | { ok: false; reason: string };

/** Reads the stored user; missing or unparsable data is reported, never thrown. */
export function readSession(): SessionRead {
  const raw = storage()?.getItem(KEYS.user);
  if (!raw) return { ok: false, reason: 'No user data in local storage.' };
  try {
    const user: unknown = JSON.parse(raw);
    if (!isSessionUser(user)) return { ok: false, reason: 'Stored user data is invalid.' };
    const rolesRaw = storage()?.getItem(KEYS.roles);
    const roles: unknown = rolesRaw ? JSON.parse(rolesRaw) : user.roles;
    if (!Array.isArray(roles)) return { ok: false, reason: 'Stored roles are invalid.' };
    return { ok: true, user: { ...user, roles: roles.map(String) } };
  } catch {
    return { ok: false, reason: 'Stored user data is not valid JSON.' };
  }
}

export const sessionToken = (): string | null => storage()?.getItem(KEYS.token) ?? null;
