/**
 * The screens' empty states, seen for real: this project runs after all the others (see
 * playwright.config.ts) and deletes what the run and the demo content left, one kind at a time.
 * Each test empties what it shows, so each can run (and fail) on its own.
 */
import { expect, gotoReady, test, unique } from '../fixtures';

test.use({ signedInAs: 'admin' });

test('with no vacancies left, the overview says so', async ({ page, adminApi }) => {
  for (const v of await adminApi.allVacancies()) await adminApi.deleteVacancy(v.id);
  await gotoReady(page, '/overview-vacancies');
  await expect(page.getByText('No vacancies available at the moment.')).toBeVisible();
});

test('with every row deleted, the mail log says so', async ({ page, adminApi }) => {
  // The plain list answers at most 100 rows: ask again until none is left.
  for (let logs = await adminApi.mailLogs(); logs.length; logs = await adminApi.mailLogs())
    for (const l of logs) await adminApi.deleteMailLog(l.id);
  await gotoReady(page, '/mail-log');
  await expect(page.getByText('No records available')).toBeVisible();
  // Said in a sentence, not as a small line inside an empty grid.
  await expect(page.getByText('Every mail the site delivers through a mailbox is listed here.')).toBeVisible();
  await expect(page.getByRole('grid')).toHaveCount(0);
});

test('without mailboxes, the overview says so and a new message waits with the reason', async ({ page, adminApi }) => {
  for (const m of await adminApi.mailboxes()) await adminApi.deleteMailbox(m.id);
  await gotoReady(page, '/overview-mailbox');
  await expect(
    page.getByText(
      'No mailboxes available. Please create a mailbox and check if you have a provider already. If not, create a provider first.',
    ),
  ).toBeVisible();

  const fullName = `Waiting ${unique()}`;
  const email = `waiting.${unique()}@visitor.example`;
  await adminApi.submitContactMessage({ fullName, email, message: 'Nobody can deliver this yet.' });
  // The delivery worker looks, finds no active mailbox, and says why on the message.
  await expect
    .poll(async () => (await adminApi.messages()).find((m) => m.email === email)?.lastError)
    .toBe('No active mailbox: create or activate a mailbox to deliver messages.');
  await gotoReady(page, '/messages');
  const row = page.getByRole('row').filter({ hasText: fullName });
  await expect(row).toContainText('pending');
  await expect(row).toContainText('No active mailbox');
  await expect(row.getByRole('button', { name: /Resend/ })).toHaveCount(0);
});

test('without providers, the new-mailbox screen says so and cannot create', async ({ page, adminApi }) => {
  // A provider cannot go while a mailbox uses it.
  for (const m of await adminApi.mailboxes()) await adminApi.deleteMailbox(m.id);
  for (const p of await adminApi.providers()) await adminApi.deleteProvider(p.id);
  await gotoReady(page, '/new-mailbox');
  await expect(page.getByText('No providers available. Please create a provider first.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Mailbox' })).toBeDisabled();
});
