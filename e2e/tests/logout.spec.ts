import { ROLE_USER } from '@app/shared/constants';
import { MSG } from '@app/shared/messages';
import { expect, gotoReady, signIn, test, unique } from '../fixtures';

test.describe('Log Out', () => {
  test('revokes the token on the server; another session of the same person goes on', async ({
    page,
    adminApi,
    browser,
  }) => {
    const email = `logout-${unique()}@example.com`;
    await adminApi.createUser(email, 'logout-password', ROLE_USER);
    const bearer = (t: string) => ({ authorization: `Bearer ${t}` });

    // A second session of the same person, in another browser profile.
    const elsewhere = await browser.newContext();
    const otherPage = await elsewhere.newPage();
    await signIn(otherPage, email, 'logout-password');
    await expect(otherPage).toHaveURL(/\/personel$/);

    await signIn(page, email, 'logout-password');
    await expect(page).toHaveURL(/\/personel$/);
    const token = await page.evaluate(() => localStorage.getItem('userToken'));
    expect((await page.request.get('/api/authorized', { headers: bearer(token!) })).status()).toBe(200);

    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(MSG.loggedOut)).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();
    const refused = await page.request.get('/api/authorized', { headers: bearer(token!) });
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toBe(MSG.sessionExpired);

    // The other session still reaches the server: its account screen loads its two-factor state.
    await gotoReady(otherPage, '/account-security');
    await expect(otherPage.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible();
    await elsewhere.close();
  });
});
