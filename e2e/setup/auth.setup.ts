/**
 * Signs in once per role through the real login form and keeps the browser state for the tests
 * (`test.use({ signedInAs: 'admin' })`). Playwright's storage state holds cookies and localStorage;
 * sessionStorage, which it leaves out, is saved beside it and put back by the fixtures.
 */
import fs from 'node:fs';
import { ROLE_USER } from '@app/shared/constants';
import { expect, signIn, test as setup, type Page } from '../fixtures';
import { AUTH_DIR, ROLE_ACCOUNTS, sessionStorageFile, storageStateFile, type Role } from '../env';

const landing: Record<Role, RegExp> = { admin: /\/admin$/, user: /\/personel$/ };

async function signInAndSave(page: Page, role: Role) {
  const { email, password } = ROLE_ACCOUNTS[role];
  await signIn(page, email, password);
  await expect(page).toHaveURL(landing[role]);
  fs.mkdirSync(AUTH_DIR, { recursive: true });
  await page.context().storageState({ path: storageStateFile(role) });
  const session = await page.evaluate(() => ({ ...window.sessionStorage }));
  fs.writeFileSync(sessionStorageFile(role), JSON.stringify(session));
}

setup('sign in as the administrator', async ({ page }) => {
  await signInAndSave(page, 'admin');
});

setup('sign in as a ROLE_USER', async ({ page, adminApi }) => {
  const { email, password } = ROLE_ACCOUNTS.user;
  // Staff accounts other than the first administrator are made by an administrator.
  await adminApi.createUser(email, password, ROLE_USER);
  await signInAndSave(page, 'user');
});
