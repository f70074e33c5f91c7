import type { Page } from '@playwright/test';
import { DEFAULT_PROVIDER_ID } from '@app/shared/constants';
import type { MailboxFormInput } from '@app/shared/schemas/mail';
import { AdminApi, chooseOption, expect, gotoReady, mailPeer, test, unique } from '../fixtures';
import { REFUSE_ONCE, SMTP_PORT } from '../env';

test.use({ signedInAs: 'admin' });

/** A mailbox nobody can reach (port 9 on loopback: nothing listens), not active. */
const unreachableMailbox = (providerId: number, over: Partial<MailboxFormInput> = {}): MailboxFormInput => ({
  providerId,
  type: 'DEV',
  host: '127.0.0.1',
  port: 9,
  username: `box-${unique()}@example.com`,
  ...over,
});

const card = (page: Page, text: string) => page.getByRole('listitem').filter({ hasText: text });

test.describe('providers', () => {
  test('create: spec messages, 5000 defaults, then a duplicate is refused', async ({ page, adminApi }) => {
    const name = `Mail ${unique()}`;
    await gotoReady(page, '/admin');
    await page.getByRole('link', { name: 'Mailbox', exact: true }).click();
    await page.getByRole('link', { name: 'Overview Provider' }).click();
    await page.getByRole('link', { name: 'New Provider' }).click();
    await expect(page).toHaveURL(/\/new-provider$/);
    await expect(page.getByRole('heading', { name: 'Create Provider' })).toBeVisible();
    await expect(page.getByText('Mail Providers')).toBeVisible();

    const create = page.getByRole('button', { name: 'Create Provider' });
    await expect(create).toBeDisabled();
    for (const label of [/^Connection Timeout/, /^Read Timeout/, /^Write Timeout/])
      await expect(page.getByLabel(label)).toHaveValue('5000');
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
    await page.getByLabel(/^Port/).fill('587');
    await page.getByLabel(/^Protocol/).fill('smtp');
    for (const label of [/^Connection Timeout/, /^Read Timeout/, /^Write Timeout/])
      await page.getByLabel(label).fill('5000');
    await chooseOption(page.getByLabel(/^Mailbox Type/), 'PROD');
    await page.getByLabel('Authentication required').check();
    await expect(page.getByText('Please fill out all required fields before submitting.')).toHaveCount(0);
    await expect(create).toBeEnabled();
    await create.click();
    await expect(page.getByText('Provider created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/overview-provider$/);

    const created = card(page, name);
    await expect(created).toContainText('PROD');
    await expect(created).toContainText('smtp.e2e.example');
    await expect(created).toContainText('Port: 587');
    await expect(created).toContainText('Authentication: Enabled');
    await expect(created).toContainText('StartTLS: Disabled');

    // Same name, port and protocol: refused before anything is created.
    await page.getByRole('link', { name: 'New Provider' }).click();
    await page.getByLabel(/^Provider Name/).fill(name);
    await page.getByLabel(/^Host/).fill('other.e2e.example');
    await page.getByLabel(/^Port/).fill('587');
    await page.getByRole('button', { name: 'Create Provider' }).click();
    await expect(page.getByText('Provider already exists!')).toBeVisible();
    await expect(page).toHaveURL(/\/new-provider$/);
    expect((await adminApi.providers()).filter((p) => p.providerName === name)).toHaveLength(1);
  });

  test('edit and delete; a provider in use cannot be deleted', async ({ page, adminApi, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 409/);
    const provider = await adminApi.createProvider();
    const used = await adminApi.createProvider();
    await adminApi.createMailbox(unreachableMailbox(used.id));

    await gotoReady(page, '/overview-provider');
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
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(
      page.getByText('This provider is used by a mailbox. Delete or change that mailbox first.'),
    ).toBeVisible();
    await expect(card(page, used.providerName)).toHaveCount(1);

    await card(page, provider.providerName).getByRole('button', { name: 'Delete Provider' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Provider deleted successfully!')).toBeVisible();
    await expect(card(page, provider.providerName)).toHaveCount(0);
  });

  test('a non-numeric provider id loads nothing', async ({ page }) => {
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

  test('create: the chosen provider fills the locked fields; Create Mailbox waits for a valid form', async ({
    page,
    adminApi,
  }) => {
    const provider = await adminApi.createProvider({
      port: 465,
      auth: true,
      starttlsEnable: true,
      connectionTimeout: 7000,
      timeout: 8000,
      writeTimeout: 9000,
    });
    const username = `new-${unique()}@example.com`;
    await gotoReady(page, '/overview-mailbox');
    await page.getByRole('link', { name: 'New Mailbox' }).click();
    await expect(page.getByRole('heading', { name: 'Create new mailbox' })).toBeVisible();

    await chooseOption(page.getByLabel(/^Provider/), provider.providerName);
    const locked: [RegExp | string, string | null][] = [
      [/^Host/, provider.host],
      [/^Port/, '465'],
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
    await chooseOption(page.getByLabel(/^Mailbox Type/), 'PROD');
    await expect(create).toBeEnabled();
    await create.click();
    await expect(page.getByText('Mailbox created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/overview-mailbox$/);

    const box = card(page, username);
    await expect(box).toContainText('PROD');
    await expect(box).toContainText('Port: 465');
    await expect(box).toContainText('Authentication: Enabled');
    await expect(box).toContainText('StartTLS: Enabled');
    await expect(box).toContainText(`Username: ${username}`);
    await expect(box).toContainText('Active: No');
    await expect(box.getByText('ACTIVE', { exact: true })).toHaveCount(0);
    const saved = (await adminApi.mailboxes()).find((m) => m.username === username)!;
    expect(saved).toMatchObject({ hasPassword: true, connectionTimeout: 7000 });
    expect(saved).not.toHaveProperty('password');
  });

  test('create: provider id 2 is preselected, else the first', async ({ page, adminApi }) => {
    // The setup project made provider DEFAULT_PROVIDER_ID; the first provider is the seeded one.
    const preferred = await adminApi.provider(DEFAULT_PROVIDER_ID);
    const other = await adminApi.createProvider({ port: 2525 });
    await gotoReady(page, '/new-mailbox');
    await expect(page.getByLabel(/^Provider/)).toHaveText(preferred.providerName);
    await expect(page.getByLabel(/^Host/)).toHaveValue(preferred.host);
    await expect(page.getByLabel(/^Port/)).toHaveValue(String(preferred.port));
    await expect(page.getByLabel(/^Connection Timeout/)).toHaveValue(String(preferred.connectionTimeout));
    await expect(page.getByLabel(/^Timeout/)).toHaveValue(String(preferred.timeout));
    await expect(page.getByLabel(/^Write Timeout/)).toHaveValue(String(preferred.writeTimeout));

    // Without provider 2 (nothing uses it), the first of the list is chosen.
    await adminApi.deleteProvider(DEFAULT_PROVIDER_ID);
    const first = (await adminApi.providers())[0]!;
    expect(first.id).not.toBe(DEFAULT_PROVIDER_ID);
    await gotoReady(page, '/new-mailbox');
    await expect(page.getByLabel(/^Provider/)).toHaveText(first.providerName);
    await expect(page.getByLabel(/^Host/)).toHaveValue(first.host);
    await expect(page.getByLabel(/^Port/)).toHaveValue(String(first.port));
    await chooseOption(page.getByLabel(/^Provider/), other.providerName);
    await expect(page.getByLabel(/^Host/)).toHaveValue(other.host);
    await expect(page.getByLabel(/^Port/)).toHaveValue('2525');
  });

  test('edit: every field editable, an empty password keeps the stored one and is never returned', async ({
    page,
    adminApi,
  }) => {
    // This test makes its mailbox the active one, on the SMTP peer so that the contact mail of
    // other tests keeps arriving meanwhile; the mailbox active before is restored afterwards.
    const previous = (await adminApi.mailboxes()).find((m) => m.active)!;
    expect(previous).toBeTruthy();
    restoreActive = () => adminApi.putMailbox(previous.id, { ...AdminApi.formOf(previous), active: true });
    const provider = await adminApi.createProvider({ host: '127.0.0.1', port: SMTP_PORT });
    const username = `box-${unique()}@example.com`;
    const mailbox = await adminApi.createMailbox({
      providerId: provider.id,
      type: 'DEV',
      password: 'kept-secret',
      host: '127.0.0.1',
      port: SMTP_PORT,
      username,
    });
    const before = await adminApi.mailbox(mailbox.id);
    expect(before).toMatchObject({ hasPassword: true });
    expect(before).not.toHaveProperty('password');
    expect(JSON.stringify(before)).not.toContain('kept-secret');

    await gotoReady(page, '/overview-mailbox');
    await card(page, username).getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/edit-mailbox/${mailbox.id}$`));
    await expect(page.getByLabel(/^Username/)).toHaveValue(username);
    await expect(page.getByLabel(/^Password/)).toHaveValue('');
    await expect(page.getByText('Leave empty to keep the current password.')).toBeVisible();
    for (const label of [
      /^Host/,
      /^Port/,
      /^Protocol/,
      /^Username/,
      /^Timeout/,
      /^Write Timeout/,
      'Authentication required',
    ])
      await expect(page.getByLabel(label)).toBeEnabled();

    await page.getByLabel(/^Host/).fill('');
    // Blurred first: the error text it brings moves the button, which a press-and-release would miss.
    await page.getByLabel(/^Host/).blur();
    await expect(page.getByText('Host is required')).toBeVisible();
    await page.getByRole('button', { name: 'Update Mailbox' }).click();
    await expect(page.getByText('Form is invalid, please correct the errors')).toBeVisible();

    // Same server (the password belongs to it), other settings changed, and made the active one.
    await page.getByLabel(/^Host/).fill('127.0.0.1');
    await page.getByLabel(/^Timeout/).fill('6000');
    await chooseOption(page.getByLabel(/^Mailbox Type/), 'PROD');
    await page.getByLabel('Set as Active Mailbox').check();
    const put = page.waitForRequest(
      (r) => r.method() === 'PUT' && r.url().endsWith(`/api/mailboxes/${mailbox.id}/update`),
    );
    await page.getByRole('button', { name: 'Update Mailbox' }).click();
    expect((await put).postDataJSON()).not.toHaveProperty('password');
    await expect(page.getByText('Mailbox updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/overview-mailbox$/);
    await expect(card(page, username)).toContainText('Active: Yes');
    await expect(card(page, username).getByText('ACTIVE', { exact: true })).toBeVisible();
    await expect(card(page, username).getByText('PROD', { exact: true })).toBeVisible();
    await expect(card(page, previous.username)).toContainText('Active: No');

    const after = await adminApi.mailbox(mailbox.id);
    expect(after).toMatchObject({ type: 'PROD', timeout: 6000, hasPassword: true, active: true });
    expect(after).not.toHaveProperty('password');
  });

  test('a test mail through a mailbox arrives at its server', async ({ page, adminApi }) => {
    const provider = await adminApi.createProvider({ host: '127.0.0.1', port: SMTP_PORT });
    const mailbox = await adminApi.createMailbox({
      providerId: provider.id,
      type: 'DEV',
      host: '127.0.0.1',
      port: SMTP_PORT,
      username: `tester-${unique()}@example.com`,
    });
    await gotoReady(page, '/overview-mailbox');
    await card(page, mailbox.username).getByRole('button', { name: 'Send test mail' }).click();
    await expect(page.getByText(/^Test mail sent\./)).toBeVisible({ timeout: 15_000 });
    const mail = await mailPeer.waitFor((m) => m.text.includes(mailbox.username), 'the test mail');
    expect(mail.subject).toBe('Test mail from the website');
    expect(mail.from).toContain(mailbox.username);
  });

  test('delete shows the server text; a test mail reports the server reason', async ({
    page,
    adminApi,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 502/);
    const provider = await adminApi.createProvider();
    const mailbox = await adminApi.createMailbox(unreachableMailbox(provider.id));
    await gotoReady(page, '/overview-mailbox');
    await card(page, mailbox.username).getByRole('button', { name: 'Send test mail' }).click();
    await expect(page.getByText(/The mail server did not accept the test mail: .+/)).toBeVisible({ timeout: 15_000 });

    await card(page, mailbox.username).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Mailbox deleted successfully!')).toBeVisible();
    await expect(card(page, mailbox.username)).toHaveCount(0);
    expect((await adminApi.fetch('GET', `/mailboxes/${mailbox.id}`)).status()).toBe(404);
  });

  test('overview: toolbar, the cards, and the load errors', async ({ page, adminApi, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 500/);
    const active = (await adminApi.mailboxes()).find((m) => m.active)!;
    await gotoReady(page, '/admin');
    await page.getByRole('link', { name: 'Mailbox', exact: true }).click();
    await expect(page).toHaveURL(/\/overview-mailbox$/);
    await expect(page.getByRole('heading', { name: 'Overview Mailboxes' })).toBeVisible();
    for (const name of ['Mail Log', 'New Mailbox', 'Overview Provider', 'Messages', 'Back to Dashboard'])
      await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(card(page, active.username)).toContainText(`${active.providerName} (${active.host})`);
    await expect(card(page, active.username)).toContainText(`Port: ${active.port}`);

    // Injected failures: the server answers 500 to both lists (asked for a page: with a query string).
    await page.route(/\/api\/mailboxes\/all(\?|$)/, (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, error: 'x', message: 'x' } }),
    );
    await page.route(/\/api\/providers\/all(\?|$)/, (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, error: 'x', message: 'x' } }),
    );
    await page.reload();
    await expect(page.getByText('Error fetching mailboxes')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Error checking providers')).toBeVisible();
  });
});

/** Sends a contact message as a visitor and waits until the site has delivered it (or failed). */
async function deliveredMessage(
  adminApi: AdminApi,
  fullName: string,
  over: { message?: string; vacancyId?: number } = {},
  status: 'sent' | 'failed' = 'sent',
) {
  const email = `${fullName.toLowerCase().replace(/\W+/g, '.')}@visitor.example`;
  await adminApi.submitContactMessage({
    fullName,
    email,
    message: over.message ?? `Hello from ${fullName}.`,
    vacancyId: over.vacancyId,
  });
  return adminApi.messageOf(email, [status]);
}

test.describe('mail log', () => {
  // One worker, in this order: the rows made once below are sorted, then some deleted.
  test.describe.configure({ mode: 'default' });
  // Rows the site itself wrote: three contact messages, each delivered to the SMTP peer before the
  // next is sent, so their times are in a known order (Bravo, then Alpha, then Charlie).
  const u = unique();
  const name = (first: string) => `${first} ${u}`;
  test.beforeAll(async ({ adminApi }) => {
    for (const first of ['Bravo', 'Alpha', 'Charlie']) await deliveredMessage(adminApi, name(first));
  });

  /** The names of this describe's rows, in the order the grid shows them. */
  const names = async (page: Page) =>
    (await page.locator('[role="gridcell"][data-field="senderFullName"]').allTextContents()).filter((n) =>
      n.endsWith(u),
    );

  test('columns, short dates, and sorting cycles ascending, descending, none', async ({ page, adminApi }) => {
    await gotoReady(page, '/overview-mailbox');
    await page.getByRole('link', { name: 'Mail Log' }).click();
    await expect(page.getByRole('heading', { name: 'Log of mails' })).toBeVisible();
    for (const header of ['Full Name', 'Email', 'Sent At', 'Mailbox', 'Recipients', 'Actions'])
      await expect(page.getByRole('columnheader', { name: header })).toBeVisible();

    const bravo = (await adminApi.mailLogs()).find((l) => l.senderFullName === name('Bravo'))!;
    const row = page.locator('[role="row"]', { hasText: name('Bravo') });
    await expect(row.locator('[data-field="senderEmail"]')).toHaveText(bravo.senderEmail);
    await expect(row.locator('[data-field="sentToMailbox"]')).toHaveText(bravo.sentToMailbox);
    await expect(row.locator('[data-field="recipients"]')).toHaveText(bravo.recipients);
    // en-US short format, Brussels time.
    const short = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'short',
      timeStyle: 'short',
      timeZone: 'Europe/Brussels',
    }).format(new Date(bravo.sentTimestamp));
    const exactly = new RegExp(`^${short.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/\s/g, '\\s')}$`);
    await expect(row.locator('[data-field="sentTimestamp"]')).toHaveText(exactly);
    await expect(row.locator('[data-field="sentTimestamp"]')).toHaveText(
      /^\d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2}\s[AP]M$/,
    );

    // Newest first as the server lists them.
    await expect.poll(() => names(page)).toEqual([name('Charlie'), name('Alpha'), name('Bravo')]);
    const header = page.getByRole('columnheader', { name: 'Full Name' });
    await header.click();
    await expect.poll(() => names(page)).toEqual([name('Alpha'), name('Bravo'), name('Charlie')]);
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await header.click();
    await expect.poll(() => names(page)).toEqual([name('Charlie'), name('Bravo'), name('Alpha')]);
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await header.click();
    await expect.poll(() => names(page)).toEqual([name('Charlie'), name('Alpha'), name('Bravo')]);
    await expect(header).toHaveAttribute('aria-sort', 'none');

    // Dates sort as dates, oldest first.
    await page.getByRole('columnheader', { name: 'Sent At' }).click();
    await expect.poll(() => names(page)).toEqual([name('Bravo'), name('Alpha'), name('Charlie')]);
  });

  test('a column is resized by dragging its separator', async ({ page }) => {
    await gotoReady(page, '/mail-log');
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

  test('delete asks first; a refused delete and a done delete say so', async ({
    page,
    adminApi,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 404/);
    await gotoReady(page, '/mail-log');
    await expect(page.getByRole('gridcell', { name: name('Alpha') })).toBeVisible();
    const deleteOf = (first: string) => page.getByRole('menuitem', { name: `Delete log of ${name(first)}` });
    let deletes = 0;
    page.on('request', (r) => {
      if (r.method() === 'DELETE' && r.url().includes('/api/mail-logs/')) deletes++;
    });

    let message = '';
    page.once('dialog', (d) => {
      message = d.message();
      void d.dismiss();
    });
    await deleteOf('Alpha').click();
    await expect.poll(() => message).toBe('Are you sure you want to delete this log?');
    expect(deletes).toBe(0);

    // Someone else deleted Alpha's row meanwhile: the server answers 404.
    const logs = await adminApi.mailLogs();
    await adminApi.deleteMailLog(logs.find((l) => l.senderFullName === name('Alpha'))!.id);
    page.once('dialog', (d) => void d.accept());
    await deleteOf('Alpha').click();
    await expect(page.getByText('Failed to delete log')).toBeVisible();
    await expect(page.getByRole('gridcell', { name: name('Alpha') })).toBeVisible();

    page.once('dialog', (d) => void d.accept());
    await deleteOf('Bravo').click();
    await expect(page.getByText('Mail log deleted successfully')).toBeVisible();
    await expect(page.getByRole('gridcell', { name: name('Bravo') })).toHaveCount(0);
    expect(deletes).toBe(2);
    const left = (await adminApi.mailLogs()).map((l) => l.senderFullName).filter((n) => n.endsWith(u));
    expect(left).toEqual([name('Charlie')]);
  });
});

test('messages: newest first with their state, last error, and a resend for failed ones', async ({
  page,
  adminApi,
}) => {
  const u = unique();
  const vacancy = await adminApi.createVacancy();
  // The SMTP peer refuses this one for good (550) the first time: a real failed delivery.
  const failed = await deliveredMessage(
    adminApi,
    `Refused ${u}`,
    { message: `Please refuse me. ${REFUSE_ONCE}${u}` },
    'failed',
  );
  const applied = await deliveredMessage(adminApi, `Applicant ${u}`, { vacancyId: vacancy.id });
  // In the site's own words, with the SMTP code (the peer's reply text is not shown to staff).
  expect(failed.lastError).toContain('550');

  await gotoReady(page, '/overview-mailbox');
  await page.getByRole('link', { name: 'Messages', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Received messages' })).toBeVisible();
  const rows = page.getByRole('row');
  const rowOf = (fullName: string) => rows.filter({ hasText: fullName });
  await expect(rowOf(applied.fullName)).toContainText(vacancy.title);
  await expect(rowOf(applied.fullName)).toContainText('sent');
  await expect(rowOf(applied.fullName).getByRole('button', { name: /Resend/ })).toHaveCount(0);
  await expect(rowOf(failed.fullName)).toContainText('failed');
  await expect(rowOf(failed.fullName)).toContainText(failed.lastError!);
  // Newest first: the application came after the refused message.
  const order = (await rows.allTextContents())
    .map((t) => (t.includes(applied.fullName) ? 'applied' : t.includes(failed.fullName) ? 'failed' : ''))
    .filter(Boolean);
  expect(order).toEqual(['applied', 'failed']);

  await rowOf(failed.fullName)
    .getByRole('button', { name: /Resend/ })
    .click();
  await expect(page.getByText('The message will be sent again.')).toBeVisible();
  // This time the peer takes it.
  const mail = await mailPeer.waitFor((m) => m.subject === `Contact form: ${failed.fullName}`, 'the resent message');
  expect(mail.text).toContain('Please refuse me.');
  await adminApi.messageOf(failed.email, ['sent']);
  await page.reload();
  await expect(rowOf(failed.fullName)).toContainText('sent');
  await expect(rowOf(failed.fullName).getByRole('button', { name: /Resend/ })).toHaveCount(0);
});
