import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ROUTES } from '@app/shared/routes';
import { expect, gotoReady, test, unique } from '../fixtures';

/**
 * Screenshots of three back-office screens at a laptop's, a tablet's and a phone's width, for the
 * docs and a reviewer: docs/screenshots/back-office/<screen>-<width>.png, committed. Skipped unless
 * asked for, so CI never rewrites them:
 *
 *   npm run build && E2E_PORT=4413 E2E_BACK_OFFICE_SHOTS=1 npx playwright test back-office-screenshots
 *
 * The shots are of the viewport (what a person sees on arrival), saved as palette PNGs to stay small.
 */
test.skip(!process.env['E2E_BACK_OFFICE_SHOTS'], 'E2E_BACK_OFFICE_SHOTS=1 takes the screenshots');
test.use({ signedInAs: 'admin' });

const OUT = path.resolve(import.meta.dirname, '../../docs/screenshots/back-office');
const SIZES = [
  { width: 1366, height: 900 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
] as const;
const SCREENS = [
  { name: 'dashboard', path: ROUTES.admin.path },
  { name: 'posts', path: ROUTES.adminPosts.path },
  { name: 'audit', path: ROUTES.audit.path },
] as const;

test.beforeAll(async ({ adminApi }) => {
  // A few changes of the kind staff make, so the lists and the trail show something real.
  for (const name of ['Our new PKI service', 'Java consultants wanted in Antwerp'])
    await adminApi.createPost({ name: `${name} ${unique().slice(-4)}`, postedBy: 'Redwall team', tags: ['news'] });
  await adminApi.createVacancy();
  fs.mkdirSync(OUT, { recursive: true });
});

for (const screen of SCREENS)
  for (const size of SIZES)
    test(`${screen.name} at ${size.width}`, async ({ page }) => {
      await page.setViewportSize(size);
      await gotoReady(page, screen.path);
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
      await page.evaluate(() => document.fonts.ready);
      const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
      await sharp(png)
        .png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 })
        .toFile(path.join(OUT, `${screen.name}-${size.width}.png`));
    });
