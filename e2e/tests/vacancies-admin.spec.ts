import type { Page } from '@playwright/test';
import type { CreateVacancyRequest } from '@app/shared/schemas/vacancies';
import { expect, gotoReady, test, unique } from '../fixtures';

test.use({ signedInAs: 'admin' });

const sample = (overrides: Partial<CreateVacancyRequest> = {}) => {
  const u = unique();
  return {
    title: `Vacancy ${u}`,
    expectation: `Expect ${u}`,
    function: `Function ${u}`,
    description: `Description ${u}`,
    offer: `Offer ${u}`,
    ...overrides,
  } satisfies CreateVacancyRequest;
};

const card = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });

test.describe('vacancy management', () => {
  test('the dashboard leads to the overview, with its buttons and cards', async ({ page, adminApi }) => {
    const long = sample({ description: `${'a'.repeat(600)}CUT-HERE` });
    await adminApi.createVacancy(long);
    await gotoReady(page, '/admin');
    await page.getByRole('link', { name: 'Vacancies', exact: true }).click();
    await expect(page).toHaveURL(/\/overview-vacancies$/);
    await expect(page.getByRole('link', { name: 'Create Vacancy' })).toHaveAttribute('href', '/create-vacancy');
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/admin');

    const c = card(page, long.title);
    await expect(c).toContainText(`Expectation: ${long.expectation} | Offer: ${long.offer}`);
    await expect(c).toContainText(`${'a'.repeat(600)}...`);
    await expect(c).not.toContainText('CUT-HERE');
    await expect(card(page, 'Java Developer')).toBeVisible();

    // The route table's second name for the overview shows the same list.
    await page.goto('/viewall-vacancies');
    await expect(card(page, long.title)).toBeVisible();
  });

  test('loading, then the list; a failed list says so', async ({ page, adminApi, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 500/);
    const v = await adminApi.createVacancy(sample());
    // The real answer, held back until the loading state has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/vacancy/staff', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/overview-vacancies');
    await expect(page.getByText('Loading vacancies...')).toBeVisible();
    release();
    await expect(card(page, v.title)).toBeVisible();
    await expect(page.getByText('Loading vacancies...')).toHaveCount(0);

    await page.unroute('**/api/vacancy/staff');
    await page.route('**/api/vacancy/staff', (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, error: 'x', message: 'down' } }),
    );
    await page.goto('/overview-vacancies');
    await expect(page.getByText('Error fetching vacancies')).toBeVisible();
  });

  test('create: validation, success text, reset, then it is listed', async ({ page }) => {
    await gotoReady(page, '/overview-vacancies');
    await page.getByRole('link', { name: 'Create Vacancy' }).click();
    await expect(page).toHaveURL(/\/create-vacancy$/);
    await expect(page.getByText('Vacancy Management')).toBeVisible();
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();

    const v = sample();
    await page.getByLabel(/^Title/).fill(v.title);
    await page.getByLabel(/^Offer/).focus();
    await page.getByLabel(/^Expectations/).focus();
    await expect(page.getByText('Offer is required.')).toBeVisible();
    await expect(submit).toBeDisabled();

    await page.getByLabel(/^Expectations/).fill(v.expectation);
    await page.getByLabel(/^Function/).fill(v.function);
    await page.getByLabel(/^Description/).fill(v.description);
    await page.getByLabel(/^Offer/).fill(v.offer);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText(`Your Vacature has been submitted: ${v.title}`)).toBeVisible();
    for (const label of [/^Title/, /^Expectations/, /^Function/, /^Description/, /^Offer/])
      await expect(page.getByLabel(label)).toHaveValue('');
    await expect(submit).toBeDisabled();

    await page.getByRole('link', { name: 'Back to Overview' }).click();
    await expect(page).toHaveURL(/\/overview-vacancies$/);
    await expect(card(page, v.title)).toContainText(`Expectation: ${v.expectation} | Offer: ${v.offer}`);
  });

  test('a Function of several lines survives create, edit and save unchanged', async ({ page, adminApi }) => {
    const v = sample({
      function: `First line of the function ${unique()}.\nSecond line.\n\n- a point after an empty line`,
    });
    await gotoReady(page, '/create-vacancy');
    await page.getByLabel(/^Title/).fill(v.title);
    await page.getByLabel(/^Expectations/).fill(v.expectation);
    await page.getByLabel(/^Function/).fill(v.function);
    await page.getByLabel(/^Description/).fill(v.description);
    await page.getByLabel(/^Offer/).fill(v.offer);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(`Your Vacature has been submitted: ${v.title}`)).toBeVisible();
    const created = (await adminApi.allVacancies()).find((x) => x.title === v.title)!;
    expect(created.function).toBe(v.function);

    await gotoReady(page, `/edit-vacancy/${created.id}`);
    const field = page.getByLabel(/^Function/);
    await expect(field).toHaveValue(v.function);
    // Every line in view, none cut off: the field is as tall as its text.
    expect(await field.evaluate((el) => el.tagName)).toBe('TEXTAREA');
    expect(await field.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/overview-vacancies$/);
    expect(await adminApi.vacancy(created.id)).toMatchObject({ function: v.function, version: created.version + 1 });

    // The public list shows its lines as lines (innerText follows the rendering).
    await gotoReady(page, '/vacatures');
    const shown = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: v.title }) });
    expect(await shown.getByText(/^First line of the function/).evaluate((el) => (el as HTMLElement).innerText)).toBe(
      v.function,
    );
  });

  test('create: a refused save says why', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 500/);
    await page.route('**/api/vacancy', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 500,
            json: { statusCode: 500, error: 'Internal Server Error', message: 'Database offline' },
          })
        : route.fallback(),
    );
    await page.goto('/create-vacancy');
    await page.getByLabel(/^Title/).fill(`Refused ${unique()}`);
    await page.getByLabel(/^Offer/).fill('Something');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(
      page.getByRole('alert').filter({
        hasText: 'The form did not send the data correctly: Server returned code: 500, message: Database offline',
      }),
    ).toBeVisible();
    await expect(page.getByLabel(/^Offer/)).toHaveValue('Something');
  });

  test('view: sections, author, date, tags and the links', async ({ page, adminApi }) => {
    const v = await adminApi.createVacancy(sample({ tags: ['Kotlin', 'Security'] }));
    await gotoReady(page, '/overview-vacancies');
    await card(page, v.title).getByRole('link', { name: 'View Vacancy' }).click();
    await expect(page).toHaveURL(new RegExp(`/view-vacancy/${v.id}$`));
    await expect(page.getByRole('heading', { name: v.title, level: 1 })).toBeVisible();
    await expect(
      page.getByText(/^Posted By: admin@e2e\.example \| Posted On: [A-Z][a-z]{2} \d{1,2}, \d{4}$/),
    ).toBeVisible();
    for (const text of [v.expectation, v.function, v.description, v.offer])
      await expect(page.getByText(text)).toBeVisible();
    const tags = page.getByRole('list', { name: 'Tags' });
    await expect(tags.getByRole('listitem')).toHaveText(['Kotlin', 'Security']);
    await expect(page.getByRole('link', { name: 'Edit Vacancy' })).toHaveAttribute('href', `/edit-vacancy/${v.id}`);
    await page.getByRole('link', { name: 'Back to Overview' }).click();
    await expect(page).toHaveURL(/\/overview-vacancies$/);
  });

  test('view: invalid, missing and unknown ids', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 404/);
    for (const bad of ['abc', '0', '-3']) {
      await page.goto(`/view-vacancy/${bad}`);
      await expect(page.getByText('Invalid Vacancy ID.')).toBeVisible();
    }
    await page.goto('/view-vacancy');
    await expect(page.getByText('Vacancy ID not found in route.')).toBeVisible();
    await page.goto('/view-vacancy/999999');
    await expect(page.getByRole('alert')).toContainText('Something went wrong while fetching the vacancy.');
  });

  test('edit: required messages, then success goes to the overview', async ({ page, adminApi }) => {
    const v = await adminApi.createVacancy(sample());
    await gotoReady(page, `/view-vacancy/${v.id}`);
    await page.getByRole('link', { name: 'Edit Vacancy' }).click();
    await expect(page).toHaveURL(new RegExp(`/edit-vacancy/${v.id}$`));
    await expect(page.getByRole('link', { name: 'Back to vacancy' })).toHaveAttribute('href', `/view-vacancy/${v.id}`);
    await expect(page.getByLabel(/^Title/)).toHaveValue(v.title);

    const messages: [RegExp, string][] = [
      [/^Title/, 'Title is required.'],
      [/^Expectations/, 'Expectations are required.'],
      [/^Function/, 'Function is required.'],
      [/^Description/, 'Description is required.'],
      [/^Offer/, 'Offer is required.'],
    ];
    for (const [label] of messages) await page.getByLabel(label).fill('');
    await page.getByLabel(/^Title/).focus();
    for (const [, message] of messages) await expect(page.getByText(message)).toBeVisible();
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await page.getByLabel(/^Title/).press('Enter');
    await expect(page.getByText('Please fill in all required fields')).toBeVisible();

    const edited = sample();
    await page.getByLabel(/^Title/).fill(edited.title);
    await page.getByLabel(/^Expectations/).fill(edited.expectation);
    await page.getByLabel(/^Function/).fill(edited.function);
    await page.getByLabel(/^Description/).fill(edited.description);
    await page.getByLabel(/^Offer/).fill(edited.offer);
    for (const [, message] of messages) await expect(page.getByText(message)).toHaveCount(0);
    await submit.click();
    await expect(page.getByText('Vacancy updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/overview-vacancies$/);
    await expect(card(page, edited.title)).toBeVisible();
    const stored = await adminApi.vacancy(v.id);
    expect(stored).toMatchObject({ ...edited, version: v.version + 1 });
  });

  test('edit: a stale version is refused, nothing is overwritten, Reload shows the latest', async ({
    page,
    context,
    adminApi,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 409/);
    const v = await adminApi.createVacancy(sample());
    const other = await context.newPage();
    await page.goto(`/edit-vacancy/${v.id}`);
    await other.goto(`/edit-vacancy/${v.id}`);
    await expect(page.getByLabel(/^Title/)).toHaveValue(v.title);
    await expect(other.getByLabel(/^Title/)).toHaveValue(v.title);

    const first = `First ${unique()}`;
    await page.getByLabel(/^Title/).fill(first);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/overview-vacancies$/);

    const second = `Second ${unique()}`;
    await other.getByLabel(/^Title/).fill(second);
    await other.getByRole('button', { name: 'Submit' }).click();
    await expect(other.getByRole('alert')).toContainText(
      'Error updating the vacancy: This vacancy was changed by someone else since you opened it. Reload the page to see the latest version',
    );
    await expect(other.getByLabel(/^Title/)).toHaveValue(second);
    await expect(other).toHaveURL(new RegExp(`/edit-vacancy/${v.id}$`));
    expect((await adminApi.vacancy(v.id)).title).toBe(first);

    await other.getByRole('button', { name: 'Reload' }).click();
    await expect(other.getByLabel(/^Title/)).toHaveValue(first);
    await expect(other.getByRole('alert')).toHaveCount(0);
    // With the latest version the save goes through.
    await other.getByLabel(/^Title/).fill(second);
    await other.getByRole('button', { name: 'Submit' }).click();
    await expect(other).toHaveURL(/\/overview-vacancies$/);
    expect((await adminApi.vacancy(v.id)).title).toBe(second);
    await other.close();
  });

  test('edit: an invalid id is reported and leads to the overview', async ({ page }) => {
    await gotoReady(page, '/edit-vacancy/abc');
    await expect(page.getByText('Invalid Vacancy ID', { exact: true }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/overview-vacancies$/);
  });

  test('edit: a load failure and a missing token are reported', async ({ page, adminApi, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 404/);
    await gotoReady(page, '/edit-vacancy/999999');
    await expect(page.getByRole('alert')).toContainText(
      'Error fetching the vacancy data: Server returned code: 404, message: Vacancy not found.',
    );

    const v = await adminApi.createVacancy(sample());
    await page.goto(`/edit-vacancy/${v.id}`);
    await expect(page.getByLabel(/^Title/)).toHaveValue(v.title);
    await page.evaluate(() => localStorage.removeItem('userToken'));
    await page.getByLabel(/^Title/).fill(`No token ${unique()}`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toContainText('Error updating the vacancy: No token available');
    expect((await adminApi.vacancy(v.id)).title).toBe(v.title);
  });

  test('delete removes the card in place', async ({ page, adminApi }) => {
    const v = await adminApi.createVacancy(sample());
    await gotoReady(page, '/overview-vacancies');
    const c = card(page, v.title);
    await expect(c).toBeVisible();
    const listed = await page.getByRole('list', { name: 'Vacancies' }).getByRole('listitem').count();
    let refetched = false;
    page.on('request', (r) => {
      if (r.method() === 'GET' && new URL(r.url()).pathname === '/api/vacancy') refetched = true;
    });
    await c.getByRole('button', { name: 'Delete Vacancy' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Vacancy deleted successfully!')).toBeVisible();
    await expect(c).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Vacancies' }).getByRole('listitem')).toHaveCount(listed - 1);
    expect(refetched).toBe(false);
    expect((await page.request.get(`/api/vacancy/${v.id}`)).status()).toBe(404);
  });

  test('a failed delete says so and keeps the card', async ({ page, adminApi, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 500/);
    const v = await adminApi.createVacancy(sample());
    await page.route(`**/api/vacancy/${v.id}`, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, json: { statusCode: 500, error: 'x', message: 'down' } })
        : route.fallback(),
    );
    await page.goto('/overview-vacancies');
    await card(page, v.title).getByRole('button', { name: 'Delete Vacancy' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Error deleting vacancy')).toBeVisible();
    await expect(card(page, v.title)).toBeVisible();
  });
});
