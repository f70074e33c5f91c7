import { ADMIN, expect, gotoReady, signIn, test, unique } from '../fixtures';
import { ROLE_ADMIN } from '@app/shared/constants';

/** Sessions that end gracefully, career tiles, personnel pages, spec texts. */

const fillLogin = async (page: import('@playwright/test').Page, email: string, password: string) => {
  await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
  await page.getByLabel('Username').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
};

test.describe('a session that ends', () => {
  test('a refused token clears the session, says why and comes back after sign-in', async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/401/);
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    // A token the server no longer accepts, as after expiry or revocation.
    await page.evaluate(() => localStorage.setItem('userToken', 'expired.or.revoked'));
    await page.goto('/overview-user');
    await expect(page).toHaveURL(/\/login\?returnUrl=%2Foverview-user$/);
    await expect(page.getByText('Your session has ended, please sign in again')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();
    await fillLogin(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/overview-user$/);
  });

  test('changing your own password says so and asks you to sign in again', async ({
    page,
    adminApi,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/401/);
    const email = `self-${unique()}@example.com`;
    const me = await adminApi.createUser(email, 'Initial-Passw0rd!', ROLE_ADMIN);
    await signIn(page, email, 'Initial-Passw0rd!');
    await expect(page).toHaveURL(/\/admin$/);
    await gotoReady(page, `/edit-user/${me.userId}`);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Changed-Passw0rd!');
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill('Changed-Passw0rd!');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?returnUrl=%2Fedit-user%2F${me.userId}`));
    await expect(page.getByText('Your password has been changed, please sign in again with the new one')).toBeVisible();
    await fillLogin(page, email, 'Changed-Passw0rd!');
    await expect(page).toHaveURL(new RegExp(`/edit-user/${me.userId}$`));
  });

  test('a returnUrl to another site is ignored', async ({ page }) => {
    await gotoReady(page, '/login?returnUrl=%2F%2Fevil.example%2F');
    await fillLogin(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
  });
});

test('a career tile opens the vacancy tied to it', async ({ page, adminApi }) => {
  const office = (await adminApi.vacancies()).find((v) => v.homeTile === 'office-manager');
  await gotoReady(page, '/careers');
  const tile = page.getByRole('link', { name: /Office Manager/ });
  await expect(tile).toHaveAttribute('href', office ? `/vacancy/${office.id}/${office.slug}` : '/vacatures');
  await tile.click();
  if (office) await expect(page.getByRole('heading', { level: 1, name: office.title })).toBeVisible();
});

test.describe('personnel dashboard', () => {
  test.use({ signedInAs: 'user' });
  for (const [button, heading, text] of [
    ['Interviews', 'Interviews', /no interviews to show here/],
    ['Timesheets', 'Timesheets', /Timesheets are not part of this site yet/],
  ] as const)
    test(`${button} opens a page a ROLE_USER may see`, async ({ page }) => {
      await gotoReady(page, '/personel');
      await page.getByRole('link', { name: button }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(text)).toBeVisible();
      await expect(page.getByText('You are not authorized to access this page.')).toHaveCount(0);
    });
});

test.describe('spec texts', () => {
  test.use({ signedInAs: 'admin' });
  test('/view-vacancy/999 says the fetch went wrong', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/404/);
    await gotoReady(page, '/view-vacancy/999999');
    await expect(page.getByText('Something went wrong while fetching the vacancy.')).toBeVisible();
  });
});
