import type { APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ROLE_USER } from '@app/shared/constants';
import { MSG } from '@app/shared/messages';
import { STAFF_MSG } from '@app/shared/messages/staff';
import { expect, gotoReady, signIn, test, unique } from '../fixtures';
import { BASE_URL } from '../env';

/**
 * The code an authenticator app would show for this secret. `ahead` moves to a later 30-second
 * step (the server accepts one either side): a code is accepted once, so a second sign-in within
 * the same step needs the next one.
 */
const codeFor = (secret: string, ahead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + ahead * 30_000,
  });

/** Signs in through the API as the web app does; the token. */
async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<string> {
  await request.get('/config.json'); // hands out the XSRF-TOKEN cookie (as to the browser app)
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const res = await request.post('/api/login', {
    data: { username: email, password },
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { user: { token: string } }).user.token;
}

test.describe('two-factor sign-in', () => {
  test('a staff member turns it on with a scanned key, then signs in with a code', async ({
    page,
    adminApi,
    allowConsoleErrors,
  }) => {
    // The browser logs the refused wrong codes (400 at enrolment, 401 at sign-in).
    allowConsoleErrors(/status of 40[01]/);
    const email = `tfa-${unique()}@example.com`;
    await adminApi.createUser(email, 'tfa-password', ROLE_USER);
    await signIn(page, email, 'tfa-password');
    await expect(page).toHaveURL(/\/personel$/);

    await page.getByRole('link', { name: 'Account security' }).click();
    await expect(page.getByRole('heading', { name: 'Account security' })).toBeVisible();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    // Drawn in the browser: a data URL, nothing fetched from elsewhere.
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      /^data:image\/svg\+xml/,
    );
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();

    await page.getByLabel('Code from the app').fill('12345');
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    await expect(page.getByText(STAFF_MSG.twoFactorCodeInvalid)).toBeVisible();
    await page.getByLabel('Code from the app').fill(codeFor(secret));
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByText('10 recovery codes left.')).toBeVisible();

    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page.getByText(MSG.loggedOut)).toBeVisible();

    await signIn(page, email, 'tfa-password');
    await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    await page.getByLabel('Authentication code').fill('000000' === codeFor(secret, 1) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText(STAFF_MSG.twoFactorCodeInvalid);
    await page.getByLabel('Authentication code').fill(codeFor(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/personel$/);
    await expect(page.getByRole('heading', { name: 'Dashboard Personel' })).toBeVisible();
  });

  test.describe('on the administrator’s edit screen', () => {
    test.use({ signedInAs: 'admin' });

    test('Reset two-factor and Sign out everywhere, each after a confirmation', async ({
      page,
      adminApi,
      playwright,
    }) => {
      const email = `tfa-reset-${unique()}@example.com`;
      const user = await adminApi.createUser(email, 'reset-password', ROLE_USER);
      // The person turns two-factor on through the API, as the account screen does.
      const own = await playwright.request.newContext({ baseURL: BASE_URL });
      const token = await apiLogin(own, email, 'reset-password');
      const xsrf = (await own.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
      const headers = { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf };
      const { secret } = (await (await own.post('/api/account/2fa/setup', { headers })).json()) as { secret: string };
      expect((await own.post('/api/account/2fa/enable', { headers, data: { code: codeFor(secret) } })).status()).toBe(
        200,
      );

      await gotoReady(page, `/edit-user/${user.userId}`);
      await expect(page.getByLabel('Email')).toHaveValue(email);
      await page.getByRole('button', { name: 'Reset two-factor' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Reset two-factor sign-in?' });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await page.getByRole('button', { name: 'Reset two-factor' }).click();
      await dialog.getByRole('button', { name: 'Reset two-factor' }).click();
      await expect(page.getByText(STAFF_MSG.twoFactorReset)).toBeVisible();
      const status = await own.get('/api/account/2fa', { headers });
      expect(await status.json()).toMatchObject({ enabled: false });

      await page.getByRole('button', { name: 'Sign out everywhere' }).click();
      await page
        .getByRole('alertdialog', { name: 'Sign out everywhere?' })
        .getByRole('button', { name: 'Sign out everywhere' })
        .click();
      await expect(page.getByText(STAFF_MSG.signedOutEverywhere)).toBeVisible();
      expect((await own.get('/api/authorized', { headers })).status()).toBe(401);
      await own.dispose();
    });
  });
});
