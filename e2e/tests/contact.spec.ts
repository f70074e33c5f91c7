import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { MSG } from '@app/shared/messages';
import { test, expect, gotoReady, mailPeer, unique } from '../fixtures';

const MB = 1024 * 1024;
/** A small but well-formed PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Opens the landing page at its contact section and waits for the form to be there. */
async function openContact(page: Page): Promise<Locator> {
  await gotoReady(page, '/#contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await expect(form.getByLabel(/^Full Name/)).toBeVisible();
  return form;
}

async function fillValid(form: Locator, who = unique()) {
  await form.getByLabel(/^Full Name/).fill(`Jane ${who}`);
  await form.getByLabel(/^Email/).fill(`jane.${who}@visitor.example`);
  await form.getByLabel(/^Phone Number/).fill('+32 (0)3 123-45-67');
  await form.getByLabel(/^Message/).fill(`Hello from the end-to-end test ${who}.`);
  return { fullName: `Jane ${who}`, email: `jane.${who}@visitor.example` };
}

/** Clicks the ALTCHA checkbox; the e2e server's low difficulty solves it at once. */
async function solveCaptcha(form: Locator) {
  const box = form.getByRole('checkbox', { name: "I'm not a robot" });
  await box.click();
  await expect(form.getByText('Verified', { exact: true })).toBeVisible();
}

const fileInput = (form: Locator) => form.getByLabel(/^(Attachment|CV)/);
const chosenFiles = (input: Locator) => input.evaluate((el) => (el as HTMLInputElement).files?.length ?? 0);

test.describe('contact form', () => {
  test('shows each field message verbatim and keeps Submit disabled while invalid', async ({ page }) => {
    const form = await openContact(page);
    const submit = form.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();

    const name = form.getByLabel(/^Full Name/);
    await name.focus();
    await name.blur();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('A name is required.');
    await expect(
      form.getByText('Please fill in all required fields and complete the reCAPTCHA to submit the form.'),
    ).toBeVisible();

    const email = form.getByLabel(/^Email/);
    await email.focus();
    await email.blur();
    await expect(email).toHaveAccessibleDescription('An email is required.');
    for (const bad of ['not-an-email', `${'a'.repeat(65)}@example.com`, `jane@${'d'.repeat(250)}.be`]) {
      await email.fill(bad);
      await expect(email).toHaveAccessibleDescription('Email is not valid.');
    }
    await expect(form.getByText('Please ensure all fields are correctly filled before submitting.')).toBeVisible();
    await email.fill(`${'a'.repeat(64)}@example.com`);
    await expect(email).toHaveAttribute('aria-invalid', 'false');

    const phone = form.getByLabel(/^Phone Number/);
    const phoneMessage = 'Phone number may contain only digits, spaces, +, - and parentheses, 7 to 20 characters.';
    for (const bad of ['call me', '12345', '+32 3 123 45 67 89 01 23']) {
      await phone.fill(bad);
      await phone.blur();
      await expect(phone).toHaveAccessibleDescription(phoneMessage);
    }
    await phone.fill('+32 (0)3 123-45-67');
    await expect(phone).toHaveAttribute('aria-invalid', 'false');
    await phone.fill('');
    await expect(phone).toHaveAttribute('aria-invalid', 'false'); // optional

    const message = form.getByLabel(/^Message/);
    await message.focus();
    await message.blur();
    await expect(message).toHaveAccessibleDescription('A message is required.');

    // Every field valid but the captcha unsolved: still disabled, and the form says why.
    await name.fill('Jane Visitor');
    await message.fill('Hello there.');
    await expect(form.getByText('Please ensure all fields are correctly filled before submitting.')).toBeHidden();
    await expect(
      form.getByText('Please fill in all required fields and complete the reCAPTCHA to submit the form.'),
    ).toBeVisible();
    await expect(submit).toBeDisabled();
  });

  test('drops a file that is not a PDF, with its message', async ({ page }) => {
    const form = await openContact(page);
    const input = fileInput(form);
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(form.getByRole('alert')).toHaveText('Only PDF files are allowed.');
    expect(await chosenFiles(input)).toBe(0);
    // A good file afterwards clears the message and stays selected.
    await input.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(form.getByText('Only PDF files are allowed.')).toBeHidden();
    expect(await chosenFiles(input)).toBe(1);
  });

  test('drops a PDF larger than 2 MB, with its message', async ({ page }) => {
    const form = await openContact(page);
    const input = fileInput(form);
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2.1 * MB, 0x20)]);
    await input.setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: big });
    await expect(form.getByRole('alert')).toHaveText('The file size exceeds the maximum allowed size of 2MB.');
    expect(await chosenFiles(input)).toBe(0);
  });

  test('sends a valid message with a PDF once the captcha is solved, then resets and reloads', async ({
    page,
    adminApi,
    baseURL,
  }) => {
    const foreign: string[] = [];
    page.on('request', (r) => {
      const url = r.url();
      if (!url.startsWith(baseURL!) && !url.startsWith('blob:') && !url.startsWith('data:')) foreign.push(url);
    });
    const form = await openContact(page);
    const sender = await fillValid(form);
    await fileInput(form).setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    const submit = form.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await solveCaptcha(form);
    await expect(submit).toBeEnabled();

    await submit.click();
    await expect(form.getByRole('alert')).toHaveText('Your message has been sent successfully!');
    const shownAt = Date.now();
    const reloaded = page.waitForEvent('load', { timeout: 10_000 });
    await expect(form.getByLabel(/^Full Name/)).toHaveValue('');
    await expect(form.getByLabel(/^Message/)).toHaveValue('');
    expect(await chosenFiles(fileInput(form))).toBe(0);
    await expect(submit).toBeDisabled();
    // docs/behaviour/contact-and-applications.md: the page reloads after the send, once the message has been readable.
    await reloaded;
    expect(Date.now() - shownAt).toBeGreaterThan(2_000);
    await expect(page.getByText('Your message has been sent successfully!')).toBeHidden();

    const stored = (await adminApi.messages()).find((m) => m.email === sender.email);
    expect(stored).toMatchObject({
      fullName: sender.fullName,
      vacancyId: null,
      hasAttachment: true,
      attachmentName: 'cv.pdf',
    });
    expect(foreign, 'requests to other origins').toEqual([]);

    // The site delivers it to the mailbox's server, the PDF attached, the visitor as reply-to.
    const mail = await mailPeer.waitFor((m) => m.replyTo.includes(sender.email), 'the contact message');
    expect(mail.subject).toBe(`Contact form: ${sender.fullName}`);
    expect(mail.text).toContain(`Hello from the end-to-end test`);
    expect(mail.attachments).toEqual([{ filename: 'cv.pdf', contentType: 'application/pdf', size: PDF.length }]);
    expect((await adminApi.messageOf(sender.email)).status).toBe('sent');
  });

  test('shows the server reason when sending fails, and asks for a new captcha', async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/Failed to load resource.*500/);
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }),
      }),
    );
    const form = await openContact(page);
    await fillValid(form);
    await solveCaptcha(form);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('alert')).toHaveText('Failed to send mail: boom');
    // The values stay for another try; the spent solution does not.
    await expect(form.getByLabel(/^Full Name/)).not.toHaveValue('');
    await expect(form.getByRole('checkbox', { name: "I'm not a robot" })).not.toBeChecked();
    await expect(form.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  test('keeps everything the visitor typed when the site cannot reach its database (503)', async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/Failed to load resource.*503/);
    // The answer the server gives during an outage (plugins/errors.ts): injected, as the database cannot be stopped here.
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 503,
        headers: { 'retry-after': '10' },
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: MSG.serviceUnavailable }),
      }),
    );
    const form = await openContact(page);
    const typed = await fillValid(form);
    await solveCaptcha(form);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('alert')).toHaveText(`Failed to send mail: ${MSG.serviceUnavailable}`);
    await expect(form.getByLabel(/^Full Name/)).toHaveValue(typed.fullName);
    await expect(form.getByLabel(/^Email/)).toHaveValue(typed.email);
    await expect(form.getByLabel(/^Message/)).toHaveValue(/Hello from the end-to-end test/);

    // Once the site answers again, the same text goes out with a new captcha.
    await page.unroute('**/api/contact');
    await solveCaptcha(form);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('alert')).toHaveText(MSG.mailSent);
  });

  test('is reachable by keyboard and passes axe', async ({ page }) => {
    const form = await openContact(page);
    await expect(form.getByRole('checkbox', { name: "I'm not a robot" })).toBeVisible();
    await form.getByLabel(/^Full Name/).focus();
    const order: string[] = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      order.push(
        await page.evaluate(
          () => document.activeElement?.getAttribute('type') ?? document.activeElement?.tagName ?? '',
        ),
      );
    }
    // Email, phone, message, file, then the captcha checkbox; the honeypot is skipped.
    expect(order.slice(0, 5)).toEqual(['email', 'tel', 'TEXTAREA', 'file', 'checkbox']);
    const results = await new AxeBuilder({ page })
      .include('#contact')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});

test.describe('job application', () => {
  test('the vacancy page sends the form as an application for that vacancy', async ({ page, adminApi }) => {
    const vacancy = await adminApi.createVacancy();
    await gotoReady(page, `/vacancy/${vacancy.id}`);
    await expect(page.getByRole('heading', { level: 1, name: vacancy.title })).toBeVisible();
    const form = page.getByRole('form', { name: 'Job application' });
    await expect(form.getByLabel(/^Full Name/)).toBeVisible();
    const sender = await fillValid(form);
    await fileInput(form).setInputFiles({ name: 'my-cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await solveCaptcha(form);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('alert')).toHaveText('Your message has been sent successfully!');

    const stored = (await adminApi.messages()).find((m) => m.email === sender.email);
    expect(stored).toMatchObject({ vacancyId: vacancy.id, vacancyTitle: vacancy.title, hasAttachment: true });
    const mail = await mailPeer.waitFor((m) => m.replyTo.includes(sender.email), 'the application');
    expect(mail.subject).toBe(`Application for ${vacancy.title}: ${sender.fullName}`);
    expect(mail.attachments.map((a) => a.filename)).toEqual(['my-cv.pdf']);
  });
});
