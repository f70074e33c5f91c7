import type { Page } from '@playwright/test';
import { expect, gotoReady, test, unique } from '../fixtures';

test.use({ signedInAs: 'admin' });

/** The home page's first HTML (server render), as a search engine or a first visit sees it. */
const homeHtml = async (page: Page) => {
  const res = await page.request.get('/');
  expect(res.ok()).toBe(true);
  return res.text();
};

/** Clicks Submit and waits until the server answered the PUT, so a later check sees the save. */
const submit = async (page: Page, path: '/api/masthead' | '/api/intro') => {
  const saved = page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Submit' }).click();
  expect((await saved).ok()).toBe(true);
};

test.describe('masthead and intro', () => {
  test('the masthead is prefilled, saved, and the home page shows it at once', async ({ page }) => {
    await gotoReady(page, '/admin');
    await page.getByRole('link', { name: 'Masthead', exact: true }).click();
    await expect(page).toHaveURL(/\/masthead$/);
    const title = page.getByLabel('Masthead Title');
    const body = page.getByLabel('Masthead Body');
    await expect(title).not.toHaveValue('');
    const before = { title: await title.inputValue(), body: await body.inputValue() };
    expect(await homeHtml(page)).toContain(before.title);

    const changed = { title: `Masthead ${unique()}`, body: `Masthead body ${unique()}` };
    await title.fill(changed.title);
    await body.fill(changed.body);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('masthead updated')).toBeVisible();
    const html = await homeHtml(page);
    expect(html).toContain(changed.title);
    expect(html).toContain(changed.body);

    // Prefilled with what was saved when the screen opens again.
    await page.reload();
    await expect(page.getByLabel('Masthead Title')).toHaveValue(changed.title);

    // Leave the demo text for other tests.
    await page.getByLabel('Masthead Title').fill(before.title);
    await page.getByLabel('Masthead Body').fill(before.body);
    await submit(page, '/api/masthead');
    expect(await homeHtml(page)).toContain(before.title);

    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('the intro is prefilled, saved, and the home page shows it at once', async ({ page }) => {
    await gotoReady(page, '/admin');
    await page.getByRole('link', { name: 'Intro', exact: true }).click();
    await expect(page).toHaveURL(/\/intro$/);
    const fields = {
      title: page.getByLabel('Title'),
      history: page.getByLabel('History'),
      body: page.getByLabel('Body'),
    };
    await expect(fields.title).not.toHaveValue('');
    const before = {
      title: await fields.title.inputValue(),
      history: await fields.history.inputValue(),
      body: await fields.body.inputValue(),
    };

    const changed = { title: `Intro ${unique()}`, history: `History ${unique()}`, body: `Intro body ${unique()}` };
    for (const key of ['title', 'history', 'body'] as const) await fields[key].fill(changed[key]);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('intro updated')).toBeVisible();
    const html = await homeHtml(page);
    for (const text of Object.values(changed)) expect(html).toContain(text);

    for (const key of ['title', 'history', 'body'] as const) await fields[key].fill(before[key]);
    await submit(page, '/api/intro');
    expect(await homeHtml(page)).toContain(before.title);
  });

  test('a text over its limit is refused by the form with the shared message', async ({ page }) => {
    await gotoReady(page, '/masthead');
    await page.getByLabel('Masthead Title').fill('x'.repeat(201));
    await page.getByLabel('Masthead Body').focus();
    await expect(page.getByText('The masthead title can be at most 200 characters long.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  test('loading, then the server message when the texts cannot be loaded or saved', async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 500/);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/intro', async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      await held;
      await route.fulfill({
        status: 500,
        json: { statusCode: 500, error: 'Internal Server Error', message: 'Intro store offline' },
      });
    });
    await page.goto('/intro');
    await expect(page.getByText('Loading intro...')).toBeVisible();
    release();
    await expect(page.getByRole('alert').filter({ hasText: 'Intro store offline' })).toBeVisible();
    await page.unroute('**/api/intro');

    await page.route('**/api/masthead', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 500,
            json: { statusCode: 500, error: 'Internal Server Error', message: 'Masthead store offline' },
          })
        : route.fallback(),
    );
    await page.goto('/masthead');
    await page.getByLabel('Masthead Title').fill(`Never saved ${unique()}`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Masthead store offline' })).toBeVisible();
  });
});
