import { chooseOption, expect, gotoReady, signIn, test, unique } from '../fixtures';

test.use({ signedInAs: 'admin' });

test.describe('user management', () => {
  test('create a user, change their password, delete them', async ({ page }) => {
    const email = `staff-${unique()}@example.com`;
    await gotoReady(page, '/admin');
    await page.getByRole('link', { name: 'User', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'All Users' })).toBeVisible();
    await page.getByRole('link', { name: 'New User' }).click();

    const register = page.getByRole('button', { name: 'Register' });
    await expect(register).toBeDisabled();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill('first-pw');
    await page.getByLabel('Confirm Password').fill('first-pw');
    await chooseOption(page.getByLabel('Role'), 'ROLE_USER');
    await register.click();
    await expect(page.getByText('User created successfully!')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('');
    await expect(page).toHaveURL(/\/overview-user$/, { timeout: 5_000 });

    const card = page.getByRole('listitem').filter({ hasText: email });
    await expect(card).toContainText('ROLE_USER');
    await card.getByRole('link', { name: 'Change Password' }).click();
    await expect(page).toHaveURL(/\/edit-user\/\d+\?roleIds=\d+$/);
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByLabel(/^Password/).fill('second-pw');
    await page.getByLabel('Confirm Password').fill('second-pw');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('User updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/overview-user$/, { timeout: 5_000 });

    await page.getByRole('listitem').filter({ hasText: email }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('User deleted successfully')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);
  });

  test('the new password works and the old one does not', async ({ page, browser, allowConsoleErrors }) => {
    allowConsoleErrors(/401/);
    const email = `pw-${unique()}@example.com`;
    await gotoReady(page, '/create-user');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill('old-password');
    await page.getByLabel('Confirm Password').fill('old-password');
    await chooseOption(page.getByLabel('Role'), 'ROLE_USER');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/overview-user$/, { timeout: 5_000 });
    await page.getByRole('listitem').filter({ hasText: email }).getByRole('link', { name: 'Change Password' }).click();
    await page.getByLabel(/^Password/).fill('new-password');
    await page.getByLabel('Confirm Password').fill('new-password');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('User updated successfully!')).toBeVisible();

    // A browser of their own, signed in by nobody: this is the login form's business.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const other = await context.newPage();
    await signIn(other, email, 'old-password');
    await expect(other.getByRole('alert')).toContainText('You are not authorized to login');
    await signIn(other, email, 'new-password');
    await expect(other).toHaveURL(/\/personel$/);
    await context.close();
  });

  test('the create form shows the spec messages', async ({ page }) => {
    await gotoReady(page, '/create-user');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel(/^Password/).fill('123');
    await page.getByLabel('Confirm Password').fill('456');
    await page.getByLabel('Email').focus();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters.')).toBeVisible();
    await page.getByLabel(/^Password/).fill('123456');
    await page.getByLabel('Confirm Password').fill('654321');
    await page.getByLabel('Email').focus();
    await expect(page.getByText('Passwords do not match!')).toBeVisible();
    await page.getByLabel('Email').fill('');
    await page.getByLabel(/^Password/).focus();
    await expect(page.getByText('Email is required.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Register' })).toBeDisabled();
  });

  test('an e-mail that exists shows the server message', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/409/);
    await gotoReady(page, '/create-user');
    await page.getByLabel('Email').fill('ADMIN@e2e.example');
    await page.getByLabel(/^Password/).fill('secret-1');
    await page.getByLabel('Confirm Password').fill('secret-1');
    await chooseOption(page.getByLabel('Role'), 'ROLE_ADMIN');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('A user with this email address already exists.')).toBeVisible();
  });

  test('an admin cannot delete their own account', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/409/);
    await gotoReady(page, '/overview-user');
    await page
      .getByRole('listitem')
      .filter({ hasText: 'admin@e2e.example' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('You cannot delete your own account.')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'admin@e2e.example' })).toHaveCount(1);
  });
});
