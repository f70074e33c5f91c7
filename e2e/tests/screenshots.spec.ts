import path from 'node:path';
import { ROUTES, pathTo, routeEntries, type RouteName } from '@app/shared/routes';
import { expect, gotoReady, test, type Page } from '../fixtures';

/**
 * Every page of the route table at three sizes: a screenshot for a reviewer to look at (saved in
 * test-results/, not committed), and at phone width the check that nothing pushes the page wider
 * than the screen. One test per page per size; signed-in pages reuse the setup's storage state.
 */
const ALL_SIZES = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'phone', width: 390, height: 844 },
] as const;
/**
 * `npm test` takes the phone size, where the overflow check runs; `E2E_SCREENSHOTS=all` adds the
 * desktop and tablet shots for a reviewer (about two minutes more on two cores).
 */
const SIZES = process.env['E2E_SCREENSHOTS'] === 'all' ? ALL_SIZES : ALL_SIZES.filter((s) => s.name === 'phone');

/** Parameters for the routes that need one: seeded or created data. */
const params: Partial<Record<RouteName, Record<string, number | string>>> = {};

test.beforeAll(async ({ adminApi }) => {
  const [vacancy] = await adminApi.vacancies();
  const [user] = await adminApi.users();
  const post = await adminApi.createPost({ name: 'Screenshot post', tags: ['screenshots'] });
  if (vacancy) {
    params.vacancy = { vacancyId: vacancy.id, slug: vacancy.slug };
    params.viewVacancy = { id: vacancy.id };
    params.editVacancy = { id: vacancy.id };
  }
  if (user) params.editUser = { id: user.userId };
  params.post = { id: post.id };
  params.tag = { tag: 'screenshots' };
  params.viewPost = { id: post.id };
  params.editPost = { id: post.id };
  params.previewPost = { id: post.id };
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

// Layout does not depend on the database engine: CI's PostgreSQL pass leaves the screenshots to
// the PGlite pass (the suite's longest file otherwise runs twice).
test.skip(!!process.env['TEST_DATABASE_URL'], 'screenshots are taken on the PGlite pass');

const roleOf = { public: undefined, ROLE_ADMIN: 'admin', ROLE_USER: 'user' } as const;

for (const [name, route] of routeEntries()) {
  const signedInAs = roleOf[route.access];
  test.describe(`${name} (${route.path})`, () => {
    if (signedInAs) test.use({ signedInAs });
    for (const size of SIZES)
      test(`${size.name} ${size.width}×${size.height}`, async ({ page, allowConsoleErrors }, info) => {
        allowConsoleErrors(/./); // pages without their parameter say so; not what this checks
        await page.setViewportSize({ width: size.width, height: size.height });
        const url = pathTo(ROUTES[name], params[name] ?? {});
        await gotoReady(page, url);
        await page.locator('main').first().waitFor();
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({
          path: path.join(info.project.outputDir, 'screenshots', `${name}-${size.name}.png`),
          fullPage: true,
        });
        if (size.name === 'phone') expect(await overflowing(page), `${url} wider than 390 px`).toEqual([]);
      });
  });
}
