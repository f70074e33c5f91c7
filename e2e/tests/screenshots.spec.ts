import path from 'node:path';
import sharp from 'sharp';
import { ROUTES, pathTo, routeEntries, type RouteAccess, type RouteName } from '@app/shared/routes';
import { ADMIN, expect, gotoReady, test, type Page } from '../fixtures';

/**
 * Every page of the route table: at phone width the check that nothing pushes the page wider than
 * the screen, and on request a full-page screenshot for a reviewer to look at (saved in
 * test-results/, not committed). One test per page per size; signed-in pages reuse the setup's
 * storage state.
 */
const ALL_SIZES = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'phone', width: 390, height: 844 },
] as const;
/**
 * `npm test` takes the phone size, where the overflow check runs, without saving shots (full-page
 * captures were a third of this file's time). `E2E_SCREENSHOTS=phone` saves the phone shots;
 * `E2E_SCREENSHOTS=all` adds the desktop and tablet sizes (about two minutes more on two cores).
 */
const SHOTS = process.env['E2E_SCREENSHOTS'];
const SIZES = SHOTS === 'all' ? ALL_SIZES : ALL_SIZES.filter((s) => s.name === 'phone');

/** Parameters for the routes that need one: seeded or created data. */
const params: Partial<Record<RouteName, Record<string, number | string>>> = {};

test.beforeAll(async ({ adminApi }) => {
  const [vacancy] = await adminApi.vacancies();
  const [user] = await adminApi.users();
  // A landscape and a portrait photo, so the shots show the post carousel with a whole image.
  const photo = async (name: string, width: number, height: number) => ({
    name,
    mimeType: 'image/jpeg',
    buffer: await sharp({ create: { width, height, channels: 3, background: '#3b82f6' } })
      .jpeg()
      .toBuffer(),
  });
  const post = await adminApi.createPost({
    name: 'Screenshot post',
    tags: ['screenshots'],
    images: [await photo('landscape.jpg', 1600, 1200), await photo('portrait.jpg', 900, 1200)],
  });
  if (vacancy) {
    params.vacancy = { vacancyId: vacancy.id, slug: vacancy.slug };
    params.viewVacancy = { id: vacancy.id };
    params.editVacancy = { id: vacancy.id };
    params.translateVacancy = { id: vacancy.id };
  }
  if (user) params.editUser = { id: user.userId };
  // Interviewed by the administrator, the account the candidate pages are shot with.
  const candidate = await adminApi.interviewedCandidate(ADMIN.email);
  params.candidate = { id: candidate };
  params.interviewCandidate = { id: candidate };
  params.post = { id: post.id };
  params.tag = { tag: 'screenshots' };
  params.viewPost = { id: post.id };
  params.editPost = { id: post.id };
  params.previewPost = { id: post.id };
  params.translatePost = { id: post.id };
});

/** The elements sticking out on the right, for a message that says where to look. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map(
        (el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').slice(0, 40)}"`,
      );
  });
}

/** The account that may open a page: the personnel pages and every staff member's are the user's. */
const roleOf = (access: RouteAccess) =>
  access === 'public' ? undefined : access === 'authenticated' || access === 'personnel' ? 'user' : 'admin';

for (const [name, route] of routeEntries()) {
  const signedInAs = roleOf(route.access);
  test.describe(`${name} (${route.path})`, () => {
    if (signedInAs) test.use({ signedInAs });
    for (const size of SIZES)
      test(`${size.name} ${size.width}×${size.height}`, async ({ page, allowConsoleErrors }, info) => {
        allowConsoleErrors(/./); // pages without their parameter say so; not what this checks
        await page.setViewportSize({ width: size.width, height: size.height });
        const url = pathTo(ROUTES[name], params[name] ?? {});
        await gotoReady(page, url);
        await page.locator('main').first().waitFor();
        // Back-office screens load their data after the page shows: the shot is of the data.
        await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
        await page.evaluate(() => document.fonts.ready);
        if (SHOTS)
          await page.screenshot({
            path: path.join(info.project.outputDir, 'screenshots', `${name}-${size.name}.png`),
            fullPage: true,
          });
        if (size.name === 'phone') expect(await overflowing(page), `${url} wider than 390 px`).toEqual([]);
      });
  });
}
