import { ROLE_ADMIN } from '@app/shared/constants';
import { ADMIN, expect, gotoReady, signIn, test, unique, USER } from '../fixtures';

test.describe('sign-in and guard', () => {
  test('an admin signs in and lands on the dashboard', async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Managing the site' })).toBeVisible();
    await expect(page.getByText('Site Management')).toBeVisible();
    await expect(page.getByText(/Only authorized persons may enter/)).toBeVisible();
    await expect(page.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
    for (const name of ['Posts', 'Masthead', 'Intro', 'Vacancies', 'Search Posts', 'Mailbox', 'User', 'Log Out'])
      await expect(
        page
          .getByRole('banner')
          .getByRole('link', { name, exact: true })
          .or(page.getByRole('button', { name, exact: true })),
      ).toBeVisible();
    const stored = await page.evaluate(() => ({
      user: JSON.parse(localStorage.getItem('user') ?? 'null'),
      token: localStorage.getItem('userToken'),
      userId: localStorage.getItem('userId'),
      roles: JSON.parse(localStorage.getItem('userRoles') ?? 'null'),
    }));
    expect(stored.user.username).toBe(ADMIN.email);
    expect(stored.user).not.toHaveProperty('password');
    expect(stored.token).toBe(stored.user.token);
    expect(stored.userId).toBe(String(stored.user.userId));
    expect(stored.roles).toEqual(['ROLE_ADMIN']);
  });

  test('wrong credentials show the spec message', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/401/);
    await signIn(page, ADMIN.email, 'wrong-password');
    await expect(page.getByRole('alert')).toHaveText(
      'You are not authorized to login. Are you sure you have the correct credentials?',
    );
    await expect(page).toHaveURL(/\/login$/);
  });

  test('empty fields are named and block the Login button', async ({ page }) => {
    await gotoReady(page, '/login');
    const button = page.getByRole('button', { name: 'Login' });
    await expect(button).toBeDisabled();
    await page.getByLabel('Username').focus();
    await page.getByLabel('Password').focus();
    await page.getByLabel('Username').focus();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test('a visitor without a session is sent to /login', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/Access denied/);
    await page.goto('/overview-user');
    await expect(page).toHaveURL(/\/login\?returnUrl=%2Foverview-user$/);
  });

  test('unparsable session data is sent to /login', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/Access denied/);
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem('user', '{not json');
      localStorage.setItem('userRoles', 'nope');
    });
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login/);
  });

  test.describe('as a signed-in ROLE_USER', () => {
    test.use({ signedInAs: 'user' });

    test('an admin page shows the alert and lands on /personel', async ({ page }) => {
      await gotoReady(page, '/personel');
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userRoles') ?? 'null'))).toEqual(['ROLE_USER']);
      await page.goto('/admin');
      await expect(page).toHaveURL(/\/personel$/);
      await expect(page.getByText('You are not authorized to access this page.')).toBeVisible();
      await expect(page.getByText('Under construction')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Interviews' })).toHaveAttribute('href', '/personel/interviews');
      await expect(page.getByRole('link', { name: 'Timesheets' })).toHaveAttribute('href', '/personel/timesheets');
    });

    test('the API refuses the admin calls with their token', async ({ page }) => {
      await gotoReady(page, '/personel');
      const token = await page.evaluate(() => localStorage.getItem('userToken'));
      const me = await page.request.get('/api/authorized', { headers: { authorization: `Bearer ${token}` } });
      expect(await me.json()).toMatchObject({ authorized: true, username: USER.email, roles: ['ROLE_USER'] });
      expect(
        (await page.request.get('/api/users/all', { headers: { authorization: `Bearer ${token}` } })).status(),
      ).toBe(403);
    });
  });

  test.describe('as a signed-in administrator', () => {
    // Its own administrator: Log Out revokes the token on the server, and the saved admin state's
    // token is shared by the other tests.
    test('log out clears the session, says so and goes home', async ({ page, adminApi }) => {
      const email = `logout-admin-${unique()}@example.com`;
      await adminApi.createUser(email, 'logout-admin-pw', ROLE_ADMIN);
      await signIn(page, email, 'logout-admin-pw');
      await expect(page).toHaveURL(/\/admin$/);
      await page.getByRole('button', { name: 'Log Out' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText('You have been logged out')).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
      await expect(page.getByText('You have been logged out')).toBeHidden({ timeout: 5_000 });
    });
  });

  test('unknown pages show the not-found page with a 404 status', async ({ page, allowConsoleErrors }) => {
    // The browser logs the document's own 404 status.
    allowConsoleErrors(/status of 404/);
    const res = await page.goto('/this/does/not/exist');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
