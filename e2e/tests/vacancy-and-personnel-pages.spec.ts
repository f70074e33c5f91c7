import { expect, gotoReady, test } from '../fixtures';

/** Pages around vacancies and staff: the career tile's link, the personnel pages, a missing vacancy's text. */

test('a career tile opens the vacancy tied to it', async ({ page, adminApi }) => {
  const office = (await adminApi.vacancies()).find((v) => v.homeTile === 'office-manager');
  await gotoReady(page, '/careers');
  const tile = page.getByRole('link', { name: /Office Manager/ });
  await expect(tile).toHaveAttribute('href', office ? `/vacancy/${office.id}/${office.slug}` : '/vacatures');
  await tile.click();
  if (office) await expect(page.getByRole('heading', { level: 1, name: office.title })).toBeVisible();
});

test.describe('personnel dashboard', () => {
  test.use({ signedInAs: 'user' });
  for (const [button, heading, text] of [
    ['Interviews', 'Interviews', /You have no interviews yet/],
    ['Timesheets', 'Timesheets', /Timesheets are not part of this site yet/],
  ] as const)
    test(`${button} opens a page a ROLE_USER may see`, async ({ page }) => {
      await gotoReady(page, '/personel');
      await page.getByRole('link', { name: button }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(text)).toBeVisible();
      await expect(page.getByText('You are not authorized to access this page.')).toHaveCount(0);
    });
});

test.describe('spec texts', () => {
  test.use({ signedInAs: 'admin' });
  test('/view-vacancy/999 says the fetch went wrong', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/404/);
    await gotoReady(page, '/view-vacancy/999999');
    await expect(page.getByText('Something went wrong while fetching the vacancy.')).toBeVisible();
  });
});
