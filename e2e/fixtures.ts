import fs from 'node:fs';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { AdminApi } from './admin-api';
import { BASE_URL, PEER_URL, sessionStorageFile, storageStateFile, type Role } from './env';
import type { PeerMail } from './mail-peer';

export { ADMIN, USER } from './env';
export { unique, type ImageFile } from './admin-api';
export { AdminApi };

interface TestFixtures {
  /** Console errors fail a test unless the test says it expects them. */
  allowConsoleErrors: (pattern: RegExp) => void;
  /**
   * Who the browser is signed in as: `test.use({ signedInAs: 'admin' })` loads the state the
   * setup project saved after signing in through the login form once per role. Default: nobody.
   */
  signedInAs: Role | undefined;
}
interface WorkerFixtures {
  /** The API as the administrator, signed in once per worker (see admin-api.ts). */
  adminApi: AdminApi;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  signedInAs: [undefined, { option: true }],

  storageState: async ({ signedInAs, storageState }, use) => {
    await use(signedInAs ? storageStateFile(signedInAs) : storageState);
  },

  // Playwright's storage state has cookies and localStorage but not sessionStorage: whatever the
  // setup found there is put back before the site's scripts run, on the site's origin only.
  context: async ({ context, signedInAs }, use) => {
    if (signedInAs && fs.existsSync(sessionStorageFile(signedInAs))) {
      const entries = JSON.parse(fs.readFileSync(sessionStorageFile(signedInAs), 'utf8')) as Record<string, string>;
      if (Object.keys(entries).length)
        await context.addInitScript(
          ({ origin, entries }) => {
            if (window.location.origin !== origin) return;
            for (const [key, value] of Object.entries(entries))
              if (window.sessionStorage.getItem(key) === null) window.sessionStorage.setItem(key, value);
          },
          { origin: BASE_URL, entries },
        );
    }
    await use(context);
  },

  allowConsoleErrors: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error' || allowed.some((re) => re.test(msg.text()))) return;
        // Tests run side by side, and a back-office list shows every test's posts: an image whose
        // post another test has just deleted answers 404. Images that must load are checked where
        // they are shown (public-images-and-layout.spec.ts: responsive images, the lightbox).
        if (/status of 404/.test(msg.text()) && new URL(msg.location().url, BASE_URL).pathname.startsWith('/images/'))
          return;
        errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use((pattern) => void allowed.push(pattern));
      expect(errors, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],

  adminApi: [
    async ({ playwright }, use) => {
      const api = await AdminApi.signIn(playwright.request, BASE_URL);
      await use(api);
      await api.dispose();
    },
    { scope: 'worker' },
  ],
});
export { expect, type Page };

/** Opens a page and waits until React has taken it over (server-rendered pages are visible before). */
export async function gotoReady(page: Page, url: string) {
  const res = await page.goto(url);
  await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
  return res;
}

/**
 * Chooses an option of a back-office select (MUI). On a loaded machine its menu sometimes missed a
 * click that landed while it was still opening: the list stayed open with the old choice. So: open
 * and click again until the list has closed.
 */
export async function chooseOption(select: Locator, name: string) {
  const listbox = select.page().getByRole('listbox');
  await expect(async () => {
    if (!(await listbox.isVisible())) await select.click();
    await listbox.getByRole('option', { name, exact: true }).click({ timeout: 2_000 });
    await expect(listbox).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** Signs in through the login form (the tests of the form itself; others use `signedInAs`). */
export async function signIn(page: Page, email: string, password: string) {
  await gotoReady(page, '/login');
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** What the run's SMTP peer received (see mail-peer.ts): real deliveries of the site. */
export const mailPeer = {
  async received(): Promise<PeerMail[]> {
    const res = await fetch(`${PEER_URL}/messages`);
    if (!res.ok) throw new Error(`SMTP peer answered ${res.status}`);
    return (await res.json()) as PeerMail[];
  },
  /** Waits for the one mail `match` picks and answers it. */
  async waitFor(match: (mail: PeerMail) => boolean, what = 'the mail'): Promise<PeerMail> {
    let found: PeerMail[] = [];
    await expect
      .poll(async () => (found = (await mailPeer.received()).filter(match)).length, {
        message: `SMTP peer receives ${what}`,
        timeout: 20_000,
      })
      .toBe(1);
    return found[0]!;
  },
};
