import { test, expect, gotoReady, unique } from '../fixtures';

test.use({ signedInAs: 'admin' });

/** A small but well-formed PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test.describe('candidate pipeline', () => {
  test('an application through the vacancy page becomes a candidate that is moved, noted and whose CV shows', async ({
    page,
    adminApi,
  }) => {
    const v = await adminApi.createVacancy();
    const who = unique();
    const fullName = `Cora ${who}`;

    // The visitor applies through the vacancy's own form, with a CV.
    await gotoReady(page, `/vacancy/${v.id}/${v.slug}`);
    const form = page.getByRole('form', { name: 'Job application' });
    await form.getByLabel(/^Full Name/).fill(fullName);
    await form.getByLabel(/^Email/).fill(`cora.${who}@visitor.example`);
    await form.getByLabel(/^Message/).fill('I would like to apply.');
    await form
      .getByLabel(/^(Attachment|CV)/)
      .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByRole('checkbox', { name: "I'm not a robot" }).click();
    await expect(form.getByText('Verified', { exact: true })).toBeVisible();
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('alert')).toHaveText('Your message has been sent successfully!');

    // On the vacancy's board, in New.
    await gotoReady(page, `/candidates?vacancy=${v.id}`);
    const newColumn = page.getByRole('region', { name: /^New: / });
    const card = newColumn.getByRole('listitem', { name: fullName });
    await expect(card).toBeVisible();
    await expect(card.getByText('Waiting for an answer')).toBeVisible();

    // Moved with the keyboard only: the menu button, then the stage.
    await card.getByRole('button', { name: `Move ${fullName} to…` }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('Enter'); // Screening: the first stage after New
    await expect(page.getByText(`${fullName} moved to Screening.`)).toBeVisible();
    await expect(
      page.getByRole('region', { name: /^Screening: / }).getByRole('listitem', { name: fullName }),
    ).toBeVisible();

    // The candidate's page: a note, the timeline, the CV.
    await page.getByRole('link', { name: fullName }).click();
    await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
    await page.getByLabel('Note (seen only by recruiters)').fill('Strong portfolio.');
    await page.getByRole('button', { name: 'Add note' }).click();
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect(timeline.getByText('Note: Strong portfolio.')).toBeVisible();
    await expect(timeline.getByText('Moved from New to Screening')).toBeVisible();
    await expect(timeline.getByText('Applied', { exact: true })).toBeVisible();

    const cv = page.getByTitle(`CV of ${fullName}`);
    await expect(cv).toHaveAttribute('src', /^blob:/);
    await expect(page.getByRole('link', { name: 'Download CV' })).toHaveAttribute('href', /^blob:/);
  });
});
