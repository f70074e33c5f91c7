import AxeBuilder from '@axe-core/playwright';
import { ROUTES, pathTo, routeEntries, type RouteName } from '@app/shared/routes';
import { ADMIN, AdminApi, expect, gotoReady, test, unique, type Page } from '../fixtures';

/**
 * The back office as the company's product: a tab title per screen, the logo
 * and brand colour in the toolbar, destructive actions in the error colour, the site's font in
 * form controls, and an audit trail that reads on a tablet and a phone.
 */
test.use({ signedInAs: 'admin' });

const SUFFIX = ' · Redwall back office';

/** The staff screens' paths, each with a real record where it shows one. */
async function backOfficePaths(adminApi: AdminApi) {
  const post = await adminApi.createPost({ name: `Title post ${unique()}` });
  const vacancy = await adminApi.createVacancy();
  const [user] = await adminApi.users();
  const [mailbox] = await adminApi.mailboxes();
  const [provider] = await adminApi.providers();
  const candidate = await adminApi.interviewedCandidate(ADMIN.email);
  const params: Partial<Record<RouteName, Record<string, number>>> = {
    editUser: { id: user!.userId },
    viewPost: { id: post.id },
    editPost: { id: post.id },
    previewPost: { id: post.id },
    translatePost: { id: post.id },
    viewVacancy: { id: vacancy.id },
    editVacancy: { id: vacancy.id },
    translateVacancy: { id: vacancy.id },
    editMailbox: { id: mailbox!.id },
    editProvider: { id: provider!.id },
    candidate: { id: candidate },
    interviewCandidate: { id: candidate },
  };
  return routeEntries()
    .filter(([, route]) => route.access !== 'public')
    .map(([name, route]) => ({ name, access: route.access, path: pathTo(route, params[name] ?? {}) }));
}

test.describe('tab titles', () => {
  test('each back-office screen names itself in the tab, after the back office', async ({ page, adminApi }) => {
    test.setTimeout(120_000);
    const paths = (await backOfficePaths(adminApi)).filter((p) => p.access !== 'personnel');
    const titles = new Map<string, string>();
    for (const { name, path } of paths) {
      await gotoReady(page, path);
      // The preview names its post once loaded (posts-back-office.spec.ts); until then, the screen.
      if (name === 'previewPost') await expect(page).toHaveTitle(/^Preview: Title post /);
      await expect(page, path).toHaveTitle(new RegExp(`.${SUFFIX}$`));
      titles.set(name, await page.title());
    }
    expect(titles.get('admin')).toBe(`Dashboard${SUFFIX}`);
    expect(titles.get('adminPosts')).toBe(`Posts${SUFFIX}`);
    expect(titles.get('audit')).toBe(`Audit trail${SUFFIX}`);
    expect(titles.get('mailLog')).toBe(`Mail log${SUFFIX}`);
    expect(titles.get('overviewUsers')).toBe(`Users${SUFFIX}`);
    expect(titles.get('createPost')).toBe(`New post${SUFFIX}`);
    // One title per screen: only the spec's second path to a list shares its list's title.
    const shared = new Set(['viewAllPosts', 'viewAllVacancies']);
    const distinct = [...titles].filter(([name]) => !shared.has(name));
    const twice = distinct.filter(([, title], i) => distinct.findIndex(([, t]) => t === title) !== i);
    expect(twice, 'screens titled like an earlier one').toEqual([]);
  });

  test('the public pages keep the site title', async ({ page }) => {
    await gotoReady(page, ROUTES.home.path);
    await expect(page).toHaveTitle(/^Redwall \| Security Integrations/);
    await gotoReady(page, ROUTES.login.path);
    await expect(page).toHaveTitle('Login | Redwall Security Integrations');
  });
});

test.describe('personnel titles', () => {
  test.use({ signedInAs: 'user' });
  test('name the screen', async ({ page }) => {
    await gotoReady(page, ROUTES.personel.path);
    await expect(page).toHaveTitle(`Personnel${SUFFIX}`);
    await gotoReady(page, ROUTES.timesheets.path);
    await expect(page).toHaveTitle(`Timesheets${SUFFIX}`);
  });
});

test.describe('the company look', () => {
  test('the toolbar carries the logo and the brand red; delete is in the error colour; controls use the site font', async ({
    page,
    adminApi,
  }) => {
    await adminApi.createPost({ name: `Look post ${unique()}` });
    await gotoReady(page, ROUTES.adminPosts.path);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('img', { name: 'Redwall' })).toBeVisible();
    await expect(banner).toHaveCSS('border-bottom-color', 'rgb(223, 42, 40)');

    const del = page.getByRole('button', { name: 'Delete Post' }).first();
    const view = page.getByRole('link', { name: 'View Post' }).first();
    await expect(del).toBeVisible();
    // Destructive: the error colour. Everything else: the ink, so that red means "careful" here.
    await expect(del).toHaveCSS('color', 'rgb(211, 47, 47)');
    await expect(view).toHaveCSS('color', 'rgb(31, 41, 55)');
    // And set apart: at the far end of the card's actions, not beside View.
    const [viewBox, delBox] = [await view.boundingBox(), await del.boundingBox()];
    expect(delBox!.x - (viewBox!.x + viewBox!.width)).toBeGreaterThan(100);

    // The site's own font (ui/global.css), not MUI's Roboto stack, in fields and buttons alike.
    const fonts = await page.evaluate(() => {
      const norm = (f: string) =>
        f
          .replace(/["']/g, '')
          .replace(/\s*,\s*/g, ',')
          .trim();
      const site = norm(getComputedStyle(document.documentElement).getPropertyValue('--font-body'));
      const input = document.querySelector('main input, main [role="combobox"]')!;
      return {
        site,
        input: norm(getComputedStyle(input).fontFamily),
        button: norm(getComputedStyle(document.querySelector('main button')!).fontFamily),
      };
    });
    expect(fonts.site).toMatch(/^system-ui,/);
    expect(fonts.input).toBe(fonts.site);
    expect(fonts.button).toBe(fonts.site);
  });
});

/**
 * Words of the table that the layout split over two lines: runs of one text node without a space or
 * a hyphen (a line may end after a hyphen, or between the parts of an address that EmailText marks).
 */
function brokenWords(page: Page, table: string) {
  return page.evaluate((label) => {
    const root = document.querySelector(`table[aria-label="${label}"]`);
    if (!root) return ['(no table)'];
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of (node.textContent ?? '').matchAll(/[^\s-]+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(m[0]);
      }
    }
    return broken;
  }, table);
}

test.describe('the audit trail on narrow screens', () => {
  for (const size of [
    { width: 390, height: 844 },
    { width: 768, height: 1024 },
  ])
    test(`at ${size.width} wide no word is broken, and the table scrolls sideways and says so`, async ({
      page,
      adminApi,
    }) => {
      // A change whose words are long: an address as a person would have one.
      await adminApi.createUser(`a.rather.long.address-${unique()}@subdomain.example-company.com`, 'password-123');
      await page.setViewportSize(size);
      await gotoReady(page, ROUTES.audit.path);
      const table = page.getByRole('table', { name: 'Audit trail' });
      await expect(table.getByRole('row').nth(1)).toBeVisible();

      expect(await brokenWords(page, 'Audit trail')).toEqual([]);
      // The page itself is never wider than the screen: the table's own region scrolls.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      ).toBe(true);

      const region = page.getByRole('region', { name: 'Audit trail' });
      const wider = await region.evaluate((el) => el.scrollWidth > el.clientWidth);
      const hint = page.getByText('Scroll the table sideways to see every column.');
      if (size.width === 390) expect(wider).toBe(true);
      if (wider) {
        await expect(hint).toBeVisible();
        // Keyboard users reach the region and scroll it with the arrow keys.
        await expect(region).toHaveAttribute('tabindex', '0');
        await region.focus();
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      } else await expect(hint).toBeHidden();
    });
});

test.describe('accessibility of the restyled screens', () => {
  for (const width of [1366, 390])
    test(`dashboard, posts, audit, mail log and account security pass axe at ${width} wide`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/admin', '/posts', '/audit', '/mail-log', '/account-security']) {
        await gotoReady(page, path);
        await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
        await expect(page.locator('main h1')).toBeVisible();
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze();
        const bad = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        expect(bad, `axe on ${path}`).toEqual([]);
      }
    });
});
