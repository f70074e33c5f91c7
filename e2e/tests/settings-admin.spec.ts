import type { Page } from '@playwright/test';
import { SITE_DEFAULT_MSG } from '@app/shared/messages/site-defaults';
import { expect, gotoReady, mailPeer, test, unique } from '../fixtures';

test.use({ signedInAs: 'admin' });

const aboutHtml = async (page: Page) => {
  const res = await page.request.get('/about');
  expect(res.ok()).toBe(true);
  return res.text();
};

const save = async (page: Page) => {
  const saved = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/settings' && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Save Settings' }).click();
  return saved;
};

test.describe('site settings', () => {
  test('the dashboard leads to the settings; a change shows on /about at once', async ({ page }) => {
    await gotoReady(page, '/admin');
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByLabel(/^Company Name/)).not.toHaveValue('');
    await expect(page.getByText("Leave empty to send it to the active mailbox's own address.")).toBeVisible();

    const second = page.getByRole('group', { name: 'Legal Entity 2' });
    const registration = second.getByLabel(/^Registration Number/);
    const address = page.getByRole('group', { name: 'Legal Entity 1' }).getByLabel(/^Address/);
    const before = { registration: await registration.inputValue(), address: await address.inputValue() };
    const changed = { registration: `BE ${unique()}`, address: `Meir ${unique()}, 2000 Antwerp` };
    await registration.fill(changed.registration);
    await address.fill(changed.address);
    await page.getByLabel(/^Contact Recipients/).fill(' jobs@example.com ,hr@example.com');
    expect((await save(page)).ok()).toBe(true);
    await expect(page.getByText('Settings saved.')).toBeVisible();
    // Stored normalised and shown back that way.
    await expect(page.getByLabel(/^Contact Recipients/)).toHaveValue('jobs@example.com, hr@example.com');

    const html = await aboutHtml(page);
    expect(html).toContain(changed.registration);
    expect(html).toContain(changed.address);
    // Who receives contact mail is not public.
    expect(html).not.toContain('jobs@example.com');
    const pub = await (await page.request.get('/api/settings')).json();
    expect(pub.entities[1].registrationNumber).toBe(changed.registration);
    expect(pub).not.toHaveProperty('contactRecipients');

    await page.reload();
    await expect(page.getByRole('group', { name: 'Legal Entity 2' }).getByLabel(/^Registration Number/)).toHaveValue(
      changed.registration,
    );

    // Leave the demo settings for other tests.
    await page
      .getByRole('group', { name: 'Legal Entity 2' })
      .getByLabel(/^Registration Number/)
      .fill(before.registration);
    await page
      .getByRole('group', { name: 'Legal Entity 1' })
      .getByLabel(/^Address/)
      .fill(before.address);
    await page.getByLabel(/^Contact Recipients/).fill('');
    expect((await save(page)).ok()).toBe(true);
    expect(await aboutHtml(page)).toContain(before.registration);
  });

  test('the confirmation to the visitor: its text is set here and reaches the visitor; switched off, none is sent', async ({
    page,
    adminApi,
  }) => {
    await gotoReady(page, '/settings');
    const enabled = page.getByLabel('Send a confirmation to whoever sends a message or applies');
    const text = page.getByLabel(/^Confirmation Text/);
    await expect(enabled).toBeChecked();
    await expect(text).toHaveValue(SITE_DEFAULT_MSG.confirmationTextDefault);
    const words = `Thanks, we read every message. ${unique()}`;
    await text.fill(words);
    expect((await save(page)).ok()).toBe(true);

    const visitor = `visitor-${unique()}@example.com`;
    await adminApi.submitContactMessage({ fullName: 'Vera Visitor', email: visitor, message: 'Hello there' });
    const confirmation = await mailPeer.waitFor((m) => m.to.includes(visitor), 'the confirmation');
    expect(confirmation.subject).toMatch(/: We received your message$/);
    expect(confirmation.text).toContain(words);
    expect(confirmation.text).not.toContain('Hello there');

    await enabled.uncheck();
    expect((await save(page)).ok()).toBe(true);
    const quiet = `quiet-${unique()}@example.com`;
    await adminApi.submitContactMessage({ fullName: 'Quinn Quiet', email: quiet, message: 'No confirmation please' });
    await mailPeer.waitFor((m) => m.replyTo.includes(quiet), "staff's mail");

    // Back to the default (for other tests too). The outbox is sent in order: once the next
    // visitor's confirmation is in, one for the quiet visitor would have been too.
    await enabled.check();
    await text.fill(SITE_DEFAULT_MSG.confirmationTextDefault);
    expect((await save(page)).ok()).toBe(true);
    const next = `next-${unique()}@example.com`;
    await adminApi.submitContactMessage({ fullName: 'Nina Next', email: next, message: 'Hello again' });
    expect((await mailPeer.waitFor((m) => m.to.includes(next), 'the next confirmation')).text).toContain(
      SITE_DEFAULT_MSG.confirmationTextDefault,
    );
    expect((await mailPeer.received()).filter((m) => m.to.includes(quiet))).toEqual([]);
  });

  test('the shared rules give field messages and block saving', async ({ page }) => {
    await gotoReady(page, '/settings');
    await expect(page.getByLabel(/^Company Name/)).not.toHaveValue('');
    await page.getByLabel(/^Company Name/).fill('');
    await page.getByLabel(/^Social Link/).fill('linkedin.com/company/x');
    await page.getByLabel(/^Contact Recipients/).fill('jobs@example.com, not-an-address');
    await page
      .getByRole('group', { name: 'Legal Entity 1' })
      .getByLabel(/^Email/)
      .fill('nope');
    await page
      .getByRole('group', { name: 'Legal Entity 2' })
      .getByLabel(/^Phone/)
      .fill('12');
    await page
      .getByLabel(/^Address/)
      .first()
      .focus();
    await expect(page.getByText('Company name is required.')).toBeVisible();
    await expect(page.getByText('Enter a full web address starting with https:// or http://.')).toBeVisible();
    await expect(page.getByText('Enter e-mail addresses separated by commas.')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(
      page.getByRole('group', { name: 'Legal Entity 2' }).getByText(/Phone number may contain only digits/),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Settings' })).toBeDisabled();
  });

  test("the server's field errors show on their fields", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 400/);
    await page.route('**/api/settings', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 400,
            json: {
              statusCode: 400,
              error: 'Bad Request',
              message: 'Invalid settings',
              errors: [{ field: 'entities.1.website', message: 'This website is not reachable.' }],
            },
          })
        : route.fallback(),
    );
    await page.goto('/settings');
    await expect(page.getByLabel(/^Company Name/)).not.toHaveValue('');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(
      page.getByRole('group', { name: 'Legal Entity 2' }).getByText('This website is not reachable.'),
    ).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid settings' })).toBeVisible();
  });
});
