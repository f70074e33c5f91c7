import type { Page } from '@playwright/test';
import { expect, signInAsAdmin, test, unique } from '../fixtures';

/** Calls the API as the signed-in admin of `page` (bearer token and the XSRF pair). */
async function api<T = unknown>(page: Page, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown) {
  const token = await page.evaluate(() => localStorage.getItem('userToken'));
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.fetch(`/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': decodeURIComponent(xsrf) },
    data,
  });
  return { status: res.status(), body: (await res.json().catch(() => undefined)) as T };
}

interface ProviderBody {
  providerName: string;
  mailboxType?: 'DEV' | 'PROD';
  host: string;
  port: number;
  protocol: string;
  auth?: boolean;
  starttlsEnable?: boolean;
  connectionTimeout: number;
  timeout: number;
  writeTimeout: number;
}

async function createProvider(page: Page, over: Partial<ProviderBody> = {}) {
  const u = unique();
  const body: ProviderBody = {
    providerName: `Provider ${u}`,
    host: `smtp-${u}.example`,
    port: 2525,
    protocol: 'smtp',
    connectionTimeout: 5000,
    timeout: 5000,
    writeTimeout: 5000,
    ...over,
  };
  const res = await api<{ id: number } & ProviderBody>(page, 'POST', '/providers/create', body);
  expect(res.status).toBe(201);
  return res.body;
}

async function createMailbox(page: Page, providerId: number, over: Record<string, unknown> = {}) {
  const res = await api<{ id: number; username: string }>(page, 'POST', '/mailboxes/create', {
    providerId,
    type: 'DEV',
    host: '127.0.0.1',
    port: 9,
    username: `box-${unique()}@example.com`,
    ...over,
  });
  expect(res.status).toBe(201);
  return res.body;
}

const card = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });

test.describe('providers', () => {
  test('create: spec messages, 5000 defaults, then a duplicate is refused', async ({ page }) => {
    const name = `Mail ${unique()}`;
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Mailbox', exact: true }).click();
    await page.getByRole('link', { name: 'Overview Provider' }).click();
    await page.getByRole('link', { name: 'New Provider' }).click();
    await expect(page).toHaveURL(/\/new-provider$/);
    await expect(page.getByRole('heading', { name: 'Create Provider' })).toBeVisible();
    await expect(page.getByText('Mail Providers')).toBeVisible();

    const create = page.getByRole('button', { name: 'Create Provider' });
    await expect(create).toBeDisabled();
    for (const label of [/^Connection Timeout/, /^Read Timeout/, /^Write Timeout/]) await expect(page.getByLabel(label)).toHaveValue('5000');
    await expect(page.getByLabel(/^Protocol/)).toHaveValue('smtp');

    // Each required field says so once touched, and the form asks to fill them all.
    const cases: [RegExp, string][] = [
      [/^Provider Name/, 'Provider name is required'],
      [/^Host/, 'Host is required'],
      [/^Port/, 'Port is required'],
      [/^Protocol/, 'Protocol is required'],
      [/^Connection Timeout/, 'Connection timeout is required'],
      [/^Read Timeout/, 'Read timeout is required'],
      [/^Write Timeout/, 'Write timeout is required'],
    ];
    for (const [label, message] of cases) {
      await page.getByLabel(label).fill('');
      await page.getByLabel(label).blur();
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByText('Please fill out all required fields before submitting.')).toBeVisible();
    await page.getByLabel(/^Port/).fill('25a');
    await expect(page.getByText('Port must be a number from 0 to 65535.')).toBeVisible();

    await page.getByLabel(/^Provider Name/).fill(name);
    await page.getByLabel(/^Host/).fill('smtp.e2e.example');
    await page.getByLabel(/^Port/).fill('2587');
    await page.getByLabel(/^Protocol/).fill('smtp');
    for (const label of [/^Connection Timeout/, /^Read Timeout/, /^Write Timeout/]) await page.getByLabel(label).fill('5000');
    await page.getByLabel(/^Mailbox Type/).click();
    await page.getByRole('option', { name: 'PROD' }).click();
    await page.getByLabel('Authentication required').check();
    await expect(page.getByText('Please fill out all required fields before submitting.')).toHaveCount(0);
    await expect(create).toBeEnabled();
    await create.click();
    await expect(page.getByText('Provider created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/overview-provider$/);

    const created = card(page, name);
    await expect(created).toContainText('PROD');
    await expect(created).toContainText('smtp.e2e.example');
    await expect(created).toContainText('2587');
    await expect(created).toContainText('Authentication: Enabled');
    await expect(created).toContainText('StartTLS: Disabled');

    // Same name, port and protocol: refused before anything is created.
    await page.getByRole('link', { name: 'New Provider' }).click();
    await page.getByLabel(/^Provider Name/).fill(name);
    await page.getByLabel(/^Host/).fill('other.e2e.example');
    await page.getByLabel(/^Port/).fill('2587');
    await page.getByRole('button', { name: 'Create Provider' }).click();
    await expect(page.getByText('Provider already exists!')).toBeVisible();
    await expect(page).toHaveURL(/\/new-provider$/);
    const all = await api<{ providerName: string }[]>(page, 'GET', '/providers/all');
    expect(all.body.filter((p) => p.providerName === name)).toHaveLength(1);
  });

  test('edit and delete; a provider in use cannot be deleted', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 409/);
    await signInAsAdmin(page);
    const provider = await createProvider(page);
    const used = await createProvider(page);
    await createMailbox(page, used.id);

    await page.goto('/overview-provider');
    await card(page, provider.providerName).getByRole('link', { name: 'Edit Provider' }).click();
    await expect(page).toHaveURL(new RegExp(`/edit-provider/${provider.id}$`));
    await expect(page.getByLabel(/^Host/)).toHaveValue(provider.host);
    await expect(page.getByLabel(/^Port/)).toHaveValue('2525');
    await page.getByLabel(/^Host/).fill('changed.e2e.example');
    await page.getByLabel('Enable StartTLS').check();
    await page.getByRole('button', { name: 'Update Provider' }).click();
    await expect(page.getByText('Provider updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/overview-provider$/);
    await expect(card(page, provider.providerName)).toContainText('changed.e2e.example');
    await expect(card(page, provider.providerName)).toContainText('StartTLS: Enabled');

    await card(page, provider.providerName).getByRole('link', { name: 'Edit Provider' }).click();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/overview-provider$/);

    await card(page, used.providerName).getByRole('button', { name: 'Delete Provider' }).click();
    await expect(page.getByText('This provider is used by a mailbox. Delete or change that mailbox first.')).toBeVisible();
    await expect(card(page, used.providerName)).toHaveCount(1);

    await card(page, provider.providerName).getByRole('button', { name: 'Delete Provider' }).click();
    await expect(page.getByText('Provider deleted successfully!')).toBeVisible();
    await expect(card(page, provider.providerName)).toHaveCount(0);
  });

  test('a non-numeric provider id loads nothing', async ({ page }) => {
    await signInAsAdmin(page);
    let requested = false;
    page.on('request', (r) => {
      if (/\/api\/providers\/abc/.test(r.url())) requested = true;
    });
    await page.goto('/edit-provider/abc');
    await expect(page.getByText('Invalid provider ID.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update Provider' })).toHaveCount(0);
    expect(requested).toBe(false);
  });
});

test.describe('mailboxes', () => {
  let restoreActive: (() => Promise<unknown>) | undefined;
  test.afterEach(async () => {
    await restoreActive?.();
    restoreActive = undefined;
  });

  test('create: the chosen provider fills the locked fields; Create Mailbox waits for a valid form', async ({ page }) => {
    await signInAsAdmin(page);
    const provider = await createProvider(page, { port: 2526, auth: true, starttlsEnable: true, connectionTimeout: 7000, timeout: 8000, writeTimeout: 9000 });
    const username = `new-${unique()}@example.com`;
    await page.goto('/overview-mailbox');
    await page.getByRole('link', { name: 'New Mailbox' }).click();
    await expect(page.getByRole('heading', { name: 'Create new mailbox' })).toBeVisible();

    await page.getByLabel(/^Provider/).click();
    await page.getByRole('option', { name: provider.providerName }).click();
    const locked: [RegExp | string, string | null][] = [
      [/^Host/, provider.host],
      [/^Port/, '2526'],
      [/^Protocol/, 'smtp'],
      [/^Connection Timeout/, '7000'],
      [/^Timeout/, '8000'],
      [/^Write Timeout/, '9000'],
      ['Authentication required', null],
      ['Enable StartTLS', null],
    ];
    for (const [label, value] of locked) {
      const field = page.getByLabel(label);
      await expect(field).toBeDisabled();
      if (value === null) await expect(field).toBeChecked();
      else await expect(field).toHaveValue(value);
    }
    await expect(page.getByLabel('Set as Active Mailbox')).toBeEnabled();
    await expect(page.getByLabel(/^Password/)).toHaveAttribute('type', 'password');

    const create = page.getByRole('button', { name: 'Create Mailbox' });
    await page.getByLabel(/^Username/).fill('x'.repeat(201));
    await expect(create).toBeDisabled();
    await page.getByLabel(/^Username/).fill(username);
    await page.getByLabel(/^Password/).fill('mailbox-secret');
    await page.getByLabel(/^Mailbox Type/).click();
    await page.getByRole('option', { name: 'PROD' }).click();
    await expect(create).toBeEnabled();
    await create.click();
    await expect(page.getByText('Mailbox created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/overview-mailbox$/);

    const box = card(page, username);
    await expect(box).toContainText('PROD');
    await expect(box).toContainText('Port: 2526');
    await expect(box).toContainText('Authentication: Enabled');
    await expect(box).toContainText('StartTLS: Enabled');
    await expect(box).toContainText(`Username: ${username}`);
    await expect(box).toContainText('Active: No');
    await expect(box.getByText('ACTIVE', { exact: true })).toHaveCount(0);
    const list = await api<{ username: string; hasPassword: boolean; connectionTimeout: number }[]>(page, 'GET', '/mailboxes/all');
    const saved = list.body.find((m) => m.username === username)!;
    expect(saved).toMatchObject({ hasPassword: true, connectionTimeout: 7000 });
    expect(saved).not.toHaveProperty('password');
  });

  test('create: provider id 2 is preselected, else the first; missing values become 0 and 5000', async ({ page }) => {
    await signInAsAdmin(page);
    const provider = (id: number, name: string, extra: object = {}) => ({ id, providerName: name, mailboxType: 'DEV', host: `${name}.example`, protocol: 'smtp', auth: false, starttlsEnable: false, ...extra });
    // Only this list is mocked: the ids of real providers depend on what other tests created.
    let list: object[] = [provider(1, 'one', { port: 25 }), provider(2, 'two', { port: 587, connectionTimeout: 1000, timeout: 2000, writeTimeout: 3000 }), provider(3, 'three', { port: 465 })];
    await page.route('**/api/providers/all', (route) => route.fulfill({ json: list }));

    await page.goto('/new-mailbox');
    await expect(page.getByLabel(/^Provider/)).toHaveText('two');
    await expect(page.getByLabel(/^Host/)).toHaveValue('two.example');
    await expect(page.getByLabel(/^Port/)).toHaveValue('587');
    await expect(page.getByLabel(/^Connection Timeout/)).toHaveValue('1000');

    list = [provider(7, 'seven'), provider(9, 'nine', { port: 2525 })];
    await page.reload();
    await expect(page.getByLabel(/^Provider/)).toHaveText('seven');
    await expect(page.getByLabel(/^Host/)).toHaveValue('seven.example');
    await expect(page.getByLabel(/^Port/)).toHaveValue('0');
    for (const label of [/^Connection Timeout/, /^Timeout/, /^Write Timeout/]) await expect(page.getByLabel(label)).toHaveValue('5000');
    await page.getByLabel(/^Provider/).click();
    await page.getByRole('option', { name: 'nine' }).click();
    await expect(page.getByLabel(/^Port/)).toHaveValue('2525');

    list = [];
    await page.reload();
    await expect(page.getByText('No providers available. Please create a provider first.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Mailbox' })).toBeDisabled();
  });

  test('edit: every field editable, an empty password keeps the stored one and is never returned', async ({ page }) => {
    await signInAsAdmin(page);
    // This test makes its mailbox the active one; the one active before is restored afterwards.
    const boxes = await api<({ id: number; active: boolean } & Record<string, unknown>)[]>(page, 'GET', '/mailboxes/all');
    const previous = boxes.body.find((m) => m.active);
    if (previous) {
      const { id, providerId, type, host, port, username, protocol, auth, starttlsEnable, connectionTimeout, timeout, writeTimeout } = previous;
      const restore = { providerId, type, host, port, username, protocol, auth, starttlsEnable, connectionTimeout, timeout, writeTimeout, active: true };
      restoreActive = async () => expect((await api(page, 'PUT', `/mailboxes/${id}/update`, restore)).status).toBe(200);
    }
    const provider = await createProvider(page, { port: 2600 });
    const mailbox = await createMailbox(page, provider.id, { password: 'kept-secret', host: provider.host, port: 2600 });
    const before = await api<Record<string, unknown>>(page, 'GET', `/mailboxes/${mailbox.id}`);
    expect(before.body).toMatchObject({ hasPassword: true });
    expect(before.body).not.toHaveProperty('password');
    expect(JSON.stringify(before.body)).not.toContain('kept-secret');

    await page.goto('/overview-mailbox');
    await card(page, mailbox.username).getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/edit-mailbox/${mailbox.id}$`));
    await expect(page.getByLabel(/^Username/)).toHaveValue(mailbox.username);
    await expect(page.getByLabel(/^Password/)).toHaveValue('');
    await expect(page.getByText('Leave empty to keep the current password.')).toBeVisible();
    for (const label of [/^Host/, /^Port/, /^Protocol/, /^Timeout/, 'Authentication required']) await expect(page.getByLabel(label)).toBeEnabled();

    await page.getByLabel(/^Host/).fill('');
    // Blurred first: the error text it brings moves the button, which a press-and-release would miss.
    await page.getByLabel(/^Host/).blur();
    await expect(page.getByText('Host is required')).toBeVisible();
    await page.getByRole('button', { name: 'Update Mailbox' }).click();
    await expect(page.getByText('Form is invalid, please correct the errors')).toBeVisible();

    const renamed = `renamed-${unique()}@example.com`;
    await page.getByLabel(/^Host/).fill('edited.e2e.example');
    await page.getByLabel(/^Username/).fill(renamed);
    await page.getByLabel('Set as Active Mailbox').check();
    const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/mailboxes/${mailbox.id}/update`));
    await page.getByRole('button', { name: 'Update Mailbox' }).click();
    expect((await put).postDataJSON()).not.toHaveProperty('password');
    await expect(page.getByText('Mailbox updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/overview-mailbox$/);
    await expect(card(page, renamed)).toContainText('Active: Yes');
    await expect(card(page, renamed).getByText('ACTIVE', { exact: true })).toBeVisible();

    const after = await api<Record<string, unknown>>(page, 'GET', `/mailboxes/${mailbox.id}`);
    expect(after.body).toMatchObject({ username: renamed, host: 'edited.e2e.example', hasPassword: true, active: true });
    expect(after.body).not.toHaveProperty('password');
  });

  test('delete shows the server text; a test mail reports the server reason', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 502/);
    await signInAsAdmin(page);
    const provider = await createProvider(page);
    // Port 9 on loopback: nothing listens, so the test mail fails at once with a reason.
    const mailbox = await createMailbox(page, provider.id);
    await page.goto('/overview-mailbox');
    await card(page, mailbox.username).getByRole('button', { name: 'Send test mail' }).click();
    await expect(page.getByText(/The mail server did not accept the test mail: .+/)).toBeVisible({ timeout: 15_000 });

    await card(page, mailbox.username).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Mailbox deleted successfully!')).toBeVisible();
    await expect(card(page, mailbox.username)).toHaveCount(0);
    expect((await api(page, 'GET', `/mailboxes/${mailbox.id}`)).status).toBe(404);
  });

  test('overview: toolbar, empty state and the load errors', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 500/);
    await signInAsAdmin(page);
    await page.route('**/api/mailboxes/all', (route) => route.fulfill({ json: [] }));
    await page.goto('/overview-mailbox');
    await expect(page.getByRole('heading', { name: 'Overview Mailboxes' })).toBeVisible();
    for (const name of ['Mail Log', 'New Mailbox', 'Overview Provider', 'Messages', 'Back to Dashboard'])
      await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(
      page.getByText('No mailboxes available. Please create a mailbox and check if you have a provider already. If not, create a provider first.'),
    ).toBeVisible();

    await page.unroute('**/api/mailboxes/all');
    await page.route('**/api/mailboxes/all', (route) => route.fulfill({ status: 500, json: { statusCode: 500, error: 'x', message: 'x' } }));
    await page.route('**/api/providers/all', (route) => route.fulfill({ status: 500, json: { statusCode: 500, error: 'x', message: 'x' } }));
    await page.reload();
    await expect(page.getByText('Error fetching mailboxes')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Error checking providers')).toBeVisible();
  });
});

test.describe('mail log', () => {
  // The delivery worker is off in e2e and no endpoint writes log rows, so the grid's list is mocked
  // here; the DELETE goes to the real server.
  const rows = [
    { id: 900001, senderFullName: 'Bravo Baker', senderEmail: 'b@example.com', sentTimestamp: '2024-01-15T09:30:00.000Z', sentToMailbox: 'box@example.com', recipients: 'hr@example.com' },
    { id: 900002, senderFullName: 'Charlie Cole', senderEmail: 'c@example.com', sentTimestamp: '2024-03-02T17:05:00.000Z', sentToMailbox: 'box@example.com', recipients: 'hr@example.com' },
    { id: 900003, senderFullName: 'Alpha Adams', senderEmail: 'a@example.com', sentTimestamp: '2023-12-31T23:59:00.000Z', sentToMailbox: 'box@example.com', recipients: 'hr@example.com, ceo@example.com' },
  ];
  const names = (page: Page) => page.locator('[role="gridcell"][data-field="senderFullName"]').allTextContents();

  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
    await page.route('**/api/mail-logs', (route) => route.fulfill({ json: rows }));
    await page.goto('/overview-mailbox');
    await page.getByRole('link', { name: 'Mail Log' }).click();
    await expect(page.getByRole('heading', { name: 'Log of mails' })).toBeVisible();
    await expect(page.getByRole('gridcell', { name: 'Bravo Baker' })).toBeVisible();
  });

  test('columns, short dates, and sorting cycles ascending, descending, none', async ({ page }) => {
    for (const name of ['Full Name', 'Email', 'Sent At', 'Mailbox', 'Recipients', 'Actions'])
      await expect(page.getByRole('columnheader', { name })).toBeVisible();
    // 10:30 in Brussels (UTC+1 in January), en-US short format.
    await expect(page.locator('[role="row"]', { hasText: 'Bravo Baker' }).locator('[data-field="sentTimestamp"]')).toHaveText(/^1\/15\/24, 10:30\sAM$/);

    expect(await names(page)).toEqual(['Bravo Baker', 'Charlie Cole', 'Alpha Adams']);
    const header = page.getByRole('columnheader', { name: 'Full Name' });
    await header.click();
    await expect.poll(() => names(page)).toEqual(['Alpha Adams', 'Bravo Baker', 'Charlie Cole']);
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await header.click();
    await expect.poll(() => names(page)).toEqual(['Charlie Cole', 'Bravo Baker', 'Alpha Adams']);
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await header.click();
    await expect.poll(() => names(page)).toEqual(['Bravo Baker', 'Charlie Cole', 'Alpha Adams']);
    await expect(header).toHaveAttribute('aria-sort', 'none');

    // Dates sort as dates, not as the displayed text.
    await page.getByRole('columnheader', { name: 'Sent At' }).click();
    await expect.poll(() => names(page)).toEqual(['Alpha Adams', 'Bravo Baker', 'Charlie Cole']);
  });

  test('a column is resized by dragging its separator', async ({ page }) => {
    const header = page.getByRole('columnheader', { name: 'Email' });
    const before = (await header.boundingBox())!.width;
    const separator = header.locator('.MuiDataGrid-columnSeparator--resizable');
    const box = (await separator.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 5 });
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await header.boundingBox())!.width).toBeGreaterThan(before + 80);
  });

  test('delete asks first; a refused delete and a done delete say so', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 404/);
    const deleteOf = (name: string) => page.getByRole('menuitem', { name: `Delete log of ${name}` });
    let deletes = 0;
    page.on('request', (r) => {
      if (r.method() === 'DELETE' && r.url().includes('/api/mail-logs/')) deletes++;
    });

    let message = '';
    page.once('dialog', (d) => {
      message = d.message();
      void d.dismiss();
    });
    await deleteOf('Alpha Adams').click();
    await expect.poll(() => message).toBe('Are you sure you want to delete this log?');
    expect(deletes).toBe(0);

    // The real server knows no such row: 404.
    page.once('dialog', (d) => void d.accept());
    await deleteOf('Alpha Adams').click();
    await expect(page.getByText('Failed to delete log')).toBeVisible();
    await expect(page.getByRole('gridcell', { name: 'Alpha Adams' })).toBeVisible();

    await page.route('**/api/mail-logs/900001', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ json: { message: 'Mail log deleted successfully' } }) : route.fallback(),
    );
    page.once('dialog', (d) => void d.accept());
    await deleteOf('Bravo Baker').click();
    await expect(page.getByText('Mail log deleted successfully')).toBeVisible();
    await expect(page.getByRole('gridcell', { name: 'Bravo Baker' })).toHaveCount(0);
    expect(deletes).toBe(2);
  });
});

test('the real mail log is empty on a fresh database', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/mail-log');
  await expect(page.getByText('No records available')).toBeVisible();
});

test('messages: newest first with their state, last error and a resend for failed ones', async ({ page, allowConsoleErrors }) => {
  allowConsoleErrors(/status of 404/);
  await signInAsAdmin(page);
  const base = { phoneNumber: '+32 470 00 00 00', message: 'Hello', vacancyId: null, vacancyTitle: null, hasAttachment: false, attachmentName: null, nextAttemptAt: '2024-05-01T10:00:00.000Z', sentAt: null };
  // Mocked list (the worker is off in e2e); the resend goes to the real server, which knows no id 990001.
  await page.route('**/api/messages', (route) =>
    route.fulfill({
      json: [
        { ...base, id: 990001, fullName: 'Old Failure', email: 'old@example.com', status: 'failed', attempts: 1, lastError: '550 Mailbox unavailable', createdAt: '2024-05-01T08:00:00.000Z' },
        { ...base, id: 990002, fullName: 'New Waiting', email: 'new@example.com', status: 'pending', attempts: 0, lastError: 'No active mailbox: create or activate a mailbox to deliver messages.', createdAt: '2024-05-02T08:00:00.000Z', vacancyId: 1, vacancyTitle: 'Security Engineer' },
      ],
    }),
  );
  await page.goto('/overview-mailbox');
  await page.getByRole('link', { name: 'Messages', exact: true }).click();
  const rowsOf = page.getByRole('row');
  await expect(rowsOf.nth(1)).toContainText('New Waiting');
  await expect(rowsOf.nth(1)).toContainText('Security Engineer');
  await expect(rowsOf.nth(1)).toContainText('pending');
  await expect(rowsOf.nth(1)).toContainText('No active mailbox');
  await expect(rowsOf.nth(1).getByRole('button', { name: /Resend/ })).toHaveCount(0);
  await expect(rowsOf.nth(2)).toContainText('failed');
  await expect(rowsOf.nth(2)).toContainText('550 Mailbox unavailable');
  await rowsOf.nth(2).getByRole('button', { name: /Resend/ }).click();
  await expect(page.getByText('Message not found.')).toBeVisible();
});
