import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect, ADMIN, unique } from '../fixtures';

const MB = 1024 * 1024;
/** A small but well-formed PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

interface StoredMessage {
  id: number;
  fullName: string;
  email: string;
  message: string;
  vacancyId: number | null;
  vacancyTitle: string | null;
  hasAttachment: boolean;
  attachmentName: string | null;
}

/** The admin's view of the outbox (GET /api/messages), signed in through the API. */
async function storedMessages(request: APIRequestContext): Promise<StoredMessage[]> {
  await request.get('/api/health'); // hands out the XSRF-TOKEN cookie
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const login = await request.post('/api/login', {
    data: { username: ADMIN.email, password: ADMIN.password },
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(login.ok()).toBe(true);
  const { user } = (await login.json()) as { user: { token: string } };
  const res = await request.get('/api/messages', { headers: { authorization: `Bearer ${user.token}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as StoredMessage[];
}

/** Opens the landing page at its contact section and waits for the form to be there. */
async function openContact(page: Page): Promise<Locator> {
  await page.goto('/#contact');
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
    request,
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
    // SPEC section 4: the page reloads after the send, once the message has been readable.
    await reloaded;
    expect(Date.now() - shownAt).toBeGreaterThan(2_000);
    await expect(page.getByText('Your message has been sent successfully!')).toBeHidden();

    const stored = (await storedMessages(request)).find((m) => m.email === sender.email);
    expect(stored).toMatchObject({
      fullName: sender.fullName,
      vacancyId: null,
      hasAttachment: true,
      attachmentName: 'cv.pdf',
    });
    expect(foreign, 'requests to other origins').toEqual([]);
  });

  test('shows the server reason when sending fails, and asks for a new captcha', async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/Failed to load resource.*500/);
    await page.route('**/api/mail', (route) =>
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
  test('the vacancy page sends the form as an application for that vacancy', async ({ page, request }) => {
    const vacancies = (await (await request.get('/api/vacancy')).json()) as { id: number; title: string }[];
    const vacancy = vacancies[0]!;
    await page.goto(`/vacancy/${vacancy.id}`);
    await expect(page.getByRole('heading', { level: 1, name: vacancy.title })).toBeVisible();
    const form = page.getByRole('form', { name: 'Job application' });
    await expect(form.getByLabel(/^Full Name/)).toBeVisible();
    const sender = await fillValid(form);
    await fileInput(form).setInputFiles({ name: 'my-cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await solveCaptcha(form);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('alert')).toHaveText('Your message has been sent successfully!');

    const stored = (await storedMessages(request)).find((m) => m.email === sender.email);
    expect(stored).toMatchObject({ vacancyId: vacancy.id, vacancyTitle: vacancy.title, hasAttachment: true });
  });
});
