import { brusselsDate } from '@app/shared/brussels';
import { MSG } from '@app/shared/messages';
import { STAFF_MSG } from '@app/shared/messages/staff';
import { ADMIN, chooseOption, expect, gotoReady, test, unique } from '../fixtures';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

test.describe('audit screen', () => {
  test.use({ signedInAs: 'admin' });
  // In this order, in one worker: the second test's 26 new rows would push the first test's row
  // off the first page of 25.
  test.describe.configure({ mode: 'default' });

  test('shows who changed what, filtered by area, action and date', async ({ page, adminApi }) => {
    const vacancy = await adminApi.createVacancy();
    await gotoReady(page, '/admin');
    await page.getByRole('link', { name: 'Audit', exact: true }).click();
    await expect(page).toHaveURL(/\/audit$/);
    await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Audit trail' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();

    await chooseOption(page.getByRole('combobox', { name: 'Area' }), 'vacancies');
    await page.getByLabel('Action').fill('create');
    const row = table.getByRole('row').filter({ hasText: vacancy.title });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(ADMIN.email);
    await expect(row).toContainText(String(vacancy.id));
    await expect(row.getByRole('cell').nth(3)).toHaveText('vacancies');
    await expect(row.getByRole('cell').nth(4)).toHaveText('create');
    // Every row shown is of the chosen area and action.
    for (const text of await table.getByRole('row').allTextContents())
      if (!text.startsWith('When')) expect(text).toContain('vacanciescreate');

    // Nothing happened tomorrow (the filter's days are Brussels days).
    const tomorrow = brusselsDate(new Date(Date.now() + 86_400_000));
    await page.getByLabel('From').fill(tomorrow);
    await expect(page.getByText(MSG.noRecords)).toBeVisible();
    await page.getByLabel('From').fill('');
    await expect(row).toHaveCount(1);
  });

  test('pages through the trail, newest first', async ({ page, adminApi }) => {
    // Enough changes for a second page of 25.
    for (let i = 0; i < 26; i++) await adminApi.createVacancy();
    await gotoReady(page, '/audit');
    const table = page.getByRole('table', { name: 'Audit trail' });
    await expect(table.getByRole('row')).toHaveCount(26);
    const firstPage = await table.getByRole('row').nth(1).textContent();
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(page.getByText(/^26–\d+ of \d+$/)).toBeVisible();
    await expect(table.getByRole('row').nth(1)).not.toHaveText(firstPage!);
  });
});

test.describe('messages: erasing one', () => {
  test.use({ signedInAs: 'admin' });

  test('erases a message and its CV after a confirmation; cancelling keeps it', async ({ page, adminApi }) => {
    const u = unique();
    const sender = { fullName: `Erase ${u}`, email: `erase.${u}@visitor.example` };
    await adminApi.submitContactMessage({
      ...sender,
      message: `Please erase me ${u}.`,
      file: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF },
    });
    await gotoReady(page, '/messages');
    const row = page.getByRole('row').filter({ hasText: sender.fullName });
    await expect(row).toHaveCount(1);

    // Cancel: nothing happens.
    page.once('dialog', (d) => {
      expect(d.message()).toBe(STAFF_MSG.confirmEraseMessage);
      void d.dismiss();
    });
    await row.getByRole('button', { name: `Erase the message of ${sender.fullName}` }).click();
    await expect(row).toHaveCount(1);
    expect((await adminApi.messages()).some((m) => m.email === sender.email)).toBe(true);

    page.once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: `Erase the message of ${sender.fullName}` }).click();
    await expect(page.getByText(STAFF_MSG.messageErased)).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await adminApi.messages()).some((m) => m.email === sender.email)).toBe(false);
  });

  test("finds a person's messages by address and erases them all", async ({ page, adminApi }) => {
    const u = unique();
    const email = `subject.${u}@visitor.example`;
    await adminApi.submitContactMessage({ fullName: `Subject A ${u}`, email, message: 'First message.' });
    await adminApi.submitContactMessage({ fullName: `Subject B ${u}`, email, message: 'Second message.' });
    await adminApi.submitContactMessage({
      fullName: `Bystander ${u}`,
      email: `other.${u}@visitor.example`,
      message: 'Not me.',
    });
    await gotoReady(page, '/messages');
    await page.getByLabel('Messages from (e-mail address)').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Find' }).click();
    const rows = page.getByRole('row').filter({ hasText: u });
    await expect(rows).toHaveCount(2);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    expect((await download).suggestedFilename()).toMatch(/^messages-export-\d{4}-\d{2}-\d{2}\.json$/);

    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Erase all' }).click();
    await expect(page.getByText(STAFF_MSG.messagesErased(2))).toBeVisible();
    await expect(rows).toHaveCount(0);
    const left = (await adminApi.messages()).filter((m) => m.fullName.endsWith(u));
    expect(left.map((m) => m.fullName)).toEqual([`Bystander ${u}`]);
  });
});

test.describe('privacy notice', () => {
  test('the contact form links to the privacy page, which states the retention period', async ({ page }) => {
    await gotoReady(page, '/#contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await expect(form.getByText(MSG.privacyNotice)).toBeVisible();
    await form.getByRole('link', { name: MSG.privacyLinkText }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { name: 'Privacy notice', level: 1 })).toBeVisible();
    await expect(page.getByText(/erased 180 days after they were received/)).toBeVisible();
  });
});
