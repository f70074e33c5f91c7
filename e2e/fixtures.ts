import { test as base, expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@e2e.example', password: 'admin-e2e-password' };

/** Console errors fail a test unless the test says it expects them. */
export const test = base.extend<{ allowConsoleErrors: (pattern: RegExp) => void }>({
  allowConsoleErrors: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !allowed.some((re) => re.test(msg.text()))) errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use((pattern) => void allowed.push(pattern));
      expect(errors, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Opens a page and waits until React has taken it over (server-rendered pages are visible before). */
export async function gotoReady(page: Page, url: string) {
  const res = await page.goto(url);
  await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
  return res;
}

export async function signIn(page: Page, email = ADMIN.email, password = ADMIN.password) {
  await gotoReady(page, '/login');
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function signInAsAdmin(page: Page) {
  await signIn(page);
  await expect(page).toHaveURL(/\/admin$/);
}

/** A unique suffix so tests never collide with each other's data. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
