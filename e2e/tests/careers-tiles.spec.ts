import type { Vacancy } from '@app/shared/schemas/vacancies';
import { chooseOption, expect, gotoReady, test, unique } from '../fixtures';

/**
 * A careers tile is tied to a vacancy by the vacancy's "Home page tile" field,
 * so renaming the vacancy keeps its tile (it used to follow the title). It changes what the home
 * page shows for everyone, so this file runs after all the others (playwright.config.ts).
 */
test.use({ signedInAs: 'admin' });

test('a vacancy given a tile in the form keeps it when renamed; another vacancy is told who holds it', async ({
  page,
  adminApi,
  allowConsoleErrors,
}) => {
  allowConsoleErrors(/status of 409/);
  const before = (await adminApi.allVacancies()).find((v) => v.homeTile === 'office-manager');
  // The tile is freed first, and handed back at the end.
  if (before) await adminApi.call('PUT', `/vacancy/${before.id}`, 200, { data: { ...before, homeTile: null } });
  try {
    const mine = await adminApi.createVacancy({ title: `Office lead ${unique()}` });
    const rival = await adminApi.createVacancy({ title: `Office rival ${unique()}` });
    await gotoReady(page, `/edit-vacancy/${mine.id}`);
    const tileField = page.getByRole('combobox', { name: 'Home page tile' });
    await expect(tileField).toHaveText('None');
    await chooseOption(tileField, 'Office Manager');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/overview-vacancies$/);

    const tile = page.locator('#portfolio').getByRole('link', { name: /^Office Manager/ });
    await gotoReady(page, '/');
    await expect(tile).toHaveAttribute('href', `/vacancy/${mine.id}/${mine.slug}`);

    // Renamed in the form: the tile still opens it.
    const renamed = `Office Manager (Antwerp) ${unique()}`;
    await gotoReady(page, `/edit-vacancy/${mine.id}`);
    await expect(tileField).toHaveText('Office Manager');
    await page.getByLabel(/^Title/).fill(renamed);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/overview-vacancies$/);
    await gotoReady(page, '/');
    await expect(tile).toHaveAttribute('href', `/vacancy/${mine.id}/${mine.slug}`);
    await tile.click();
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

    await gotoReady(page, `/view-vacancy/${mine.id}`);
    await expect(page.getByText('Home page tile: Office Manager')).toBeVisible();

    // A second vacancy cannot take it unseen: the form says which vacancy holds it.
    await gotoReady(page, `/edit-vacancy/${rival.id}`);
    await chooseOption(tileField, 'Office Manager');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toContainText(
      `The Office Manager tile opens the vacancy "${renamed}" already: set its home page tile to None first.`,
    );
    expect((await adminApi.vacancy(rival.id)).homeTile).toBeNull();

    await adminApi.deleteVacancy(mine.id);
    await adminApi.deleteVacancy(rival.id);
    await gotoReady(page, '/');
    await expect(tile).toHaveAttribute('href', '/vacatures');
  } finally {
    if (before) {
      const now = await adminApi.fetch('GET', `/vacancy/${before.id}`);
      if (now.ok()) {
        const current = (await now.json()) as Vacancy;
        await adminApi.call('PUT', `/vacancy/${before.id}`, 200, {
          data: { ...current, homeTile: 'office-manager' },
        });
      }
    }
  }
});
