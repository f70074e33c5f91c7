/**
 * What the config, the global setup, the setup project and the tests agree on for one run.
 *
 * The run id is set once in the runner's environment (playwright.config.ts imports this file
 * first); the web server and the test workers inherit it, so they all name the same folders.
 */
import os from 'node:os';
import path from 'node:path';

export const PORT = Number(process.env['E2E_PORT'] ?? 3210);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/**
 * The SMTP peer the site delivers to, and its HTTP side (what it received) one port up. Derived
 * from the site's port so two runs on different ports (3210, 3310) do not collide: 2626 and 2726.
 */
export const SMTP_PORT = Number(process.env['E2E_SMTP_PORT'] ?? PORT - 584);
export const PEER_URL = `http://127.0.0.1:${SMTP_PORT + 1}`;
/** A mail whose text holds this followed by a token is refused (550) by the peer the first time. */
export const REFUSE_ONCE = 'e2e-refuse-once:';

process.env['E2E_RUN_ID'] ??= `${Date.now().toString(36)}-${process.pid}`;
export const RUN_ID = process.env['E2E_RUN_ID'];
/** The server's data folder (PGlite, images) for this run. */
export const DATA_DIR = path.join(os.tmpdir(), `site-e2e-${RUN_ID}`);
/** Signed-in browser states of this run, one file per role (git-ignored). */
export const AUTH_DIR = path.resolve(import.meta.dirname, '.auth', RUN_ID);

export const ADMIN = { email: 'admin@e2e.example', password: 'admin-e2e-password' };
/** A ROLE_USER account, created through the admin API by the setup project. */
export const USER = { email: 'user@e2e.example', password: 'user-e2e-password' };

export type Role = 'admin' | 'user';
export const ROLE_ACCOUNTS: Record<Role, { email: string; password: string }> = { admin: ADMIN, user: USER };
/** Playwright's storage state (cookies, localStorage) of a role. */
export const storageStateFile = (role: Role) => path.join(AUTH_DIR, `${role}.json`);
/** What Playwright's storage state leaves out: the role's sessionStorage entries. */
export const sessionStorageFile = (role: Role) => path.join(AUTH_DIR, `${role}.session-storage.json`);
