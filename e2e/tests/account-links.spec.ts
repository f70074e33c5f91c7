import { chooseOption, expect, gotoReady, mailPeer, signIn, test, unique } from '../fixtures';

/** The path and query of the one link in a mail, opened on the site under test whatever its public address. */
const linkIn = (text: string, path: string) => {
  const m = new RegExp(`https?://\\S+(${path}\\?token=[\\w-]+)`).exec(text);
  if (!m) throw new Error(`no ${path} link in: ${text}`);
  return m[1]!;
};

test.describe('invitations by mail', () => {
  test.use({ signedInAs: 'admin' });

  test('an administrator invites; the invitee opens the link from the mail, chooses a password and signs in', async ({
    page,
    browser,
  }) => {
    const email = `invitee-${unique()}@example.com`;
    await gotoReady(page, '/overview-user');
    await page.getByRole('link', { name: 'Invite User' }).click();
    await expect(page.getByRole('heading', { name: 'Invite a user' })).toBeVisible();
    // No password is asked of the administrator.
    await expect(page.getByLabel(/Password/)).toHaveCount(0);
    await page.getByLabel('Email').fill(email);
    await chooseOption(page.getByLabel('Role'), 'ROLE_USER');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
    await expect(page).toHaveURL(/\/overview-user$/, { timeout: 5_000 });
    const card = page.getByRole('listitem').filter({ hasText: email });
    await expect(card).toContainText('ROLE_USER');
    await expect(card).toContainText('Invited, until');

    const mail = await mailPeer.waitFor((m) => m.to.includes(email), 'the invitation');
    expect(mail.subject).toBe('Your invitation to the back office');
    const link = linkIn(mail.text, '/accept-invitation');

    // The invitee, in a browser of their own.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const invitee = await context.newPage();
    await gotoReady(invitee, link);
    await expect(invitee.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await invitee.getByLabel('New password', { exact: true }).fill('invited-pw');
    await invitee.getByLabel('Confirm password').fill('invited-pw');
    await invitee.getByRole('button', { name: 'Save password' }).click();
    await expect(invitee).toHaveURL(/\/login$/);
    // Once, in the login form, and it stays there (it is not the three-second flash).
    const ready = 'Your account is ready. Sign in with your e-mail address and your new password.';
    await expect(invitee.getByText(ready)).toHaveCount(1);
    await expect(invitee.getByRole('form', { name: 'Login' }).getByRole('status')).toHaveText(ready);
    await invitee.waitForFunction(() => history.state?.usr == null);
    await expect(invitee.getByRole('form', { name: 'Login' }).getByRole('status')).toHaveText(ready);
    await signIn(invitee, email, 'invited-pw');
    await expect(invitee).toHaveURL(/\/personel$/);

    // The link worked once.
    await gotoReady(invitee, link);
    await invitee.getByLabel('New password', { exact: true }).fill('again-pw');
    await invitee.getByLabel('Confirm password').fill('again-pw');
    await invitee.getByRole('button', { name: 'Save password' }).click();
    await expect(invitee.getByRole('alert')).toHaveText(
      'This invitation has already been accepted. Sign in with your e-mail address and your password.',
    );
    await context.close();

    // The accepted invitation is an account now.
    await page.reload();
    await expect(page.getByRole('listitem').filter({ hasText: email })).not.toContainText('Invited');
  });
});

test.describe('forgotten password', () => {
  test('a staff member resets the password through the mailed link and signs in with the new one', async ({
    page,
    adminApi,
  }) => {
    const email = `forgetful-${unique()}@example.com`;
    await adminApi.createUser(email, 'forgotten-pw');
    await gotoReady(page, '/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot your password' })).toBeVisible();
    await page.getByLabel('E-mail address').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(
      page.getByText(
        'If an account has this e-mail address, a link to choose a new password is on its way. It works once, for one hour.',
      ),
    ).toBeVisible();

    const mail = await mailPeer.waitFor((m) => m.to.includes(email), 'the reset link');
    expect(mail.subject).toBe('Choose a new password');
    await gotoReady(page, linkIn(mail.text, '/reset-password'));
    await page.getByLabel('New password', { exact: true }).fill('remembered-pw');
    await page.getByLabel('Confirm password').fill('remembered-pw');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(/^Your password has been changed/)).toBeVisible();

    await signIn(page, email, 'remembered-pw');
    await expect(page).toHaveURL(/\/personel$/);
  });
});

test.describe('a team invited by mail', () => {
  test.use({ signedInAs: 'admin' });

  test('an editor, a contributor and a recruiter each accept through the mailed link and see only their screens', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    // What each role's back-office navigation offers and what it must not (decision 0145).
    const team = [
      { role: 'ROLE_EDITOR', sees: ['Posts', 'Vacancies', 'Masthead'], not: ['User', 'Mailbox', 'Settings', 'Audit'] },
      { role: 'ROLE_CONTRIBUTOR', sees: ['Posts'], not: ['Vacancies', 'Masthead', 'User', 'Mailbox', 'Settings'] },
      { role: 'ROLE_RECRUITER', sees: ['Vacancies'], not: ['Posts', 'Masthead', 'User', 'Mailbox', 'Settings'] },
    ].map((member) => ({ ...member, email: `${member.role.slice(5).toLowerCase()}-${unique()}@example.com` }));

    for (const { role, email } of team) {
      await gotoReady(page, '/invite-user');
      await page.getByLabel('Email').fill(email);
      await chooseOption(page.getByLabel('Role'), role);
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
    }

    for (const { email, sees, not } of team) {
      const mail = await mailPeer.waitFor((m) => m.to.includes(email), `the invitation of ${email}`);
      const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
      const member = await context.newPage();
      await gotoReady(member, linkIn(mail.text, '/accept-invitation'));
      await member.getByLabel('New password', { exact: true }).fill('team-member-pw');
      await member.getByLabel('Confirm password').fill('team-member-pw');
      await member.getByRole('button', { name: 'Save password' }).click();
      await expect(member).toHaveURL(/\/login$/);
      await signIn(member, email, 'team-member-pw');
      await expect(member).toHaveURL(/\/admin$/);
      const nav = member.getByRole('navigation', { name: 'Back office', exact: true });
      for (const name of sees) await expect(nav.getByRole('link', { name, exact: true }), email).toBeVisible();
      for (const name of not) await expect(nav.getByRole('link', { name, exact: true }), email).toHaveCount(0);
      await context.close();
    }
  });
});
