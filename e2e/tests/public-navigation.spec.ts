import { test, expect, gotoReady } from '../fixtures';

const bar = (page: import('@playwright/test').Page) => page.getByRole('banner').first();

test.describe('public navigation bar', () => {
  test('is transparent at the top of the home page and solid and shrunk after scrolling', async ({ page }) => {
    await gotoReady(page, '/');
    await expect(bar(page)).toHaveAttribute('data-solid', 'false');
    await expect(bar(page)).toHaveAttribute('data-shrunk', 'false');
    await page.evaluate(() => window.scrollTo(0, 800));
    await expect(bar(page)).toHaveAttribute('data-solid', 'true');
    await expect(bar(page)).toHaveAttribute('data-shrunk', 'true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar(page)).toHaveAttribute('data-solid', 'false');
  });

  test('is always solid on the vacancy, vision, about, post and vacatures routes, and on the light-header pages', async ({
    page,
  }) => {
    // /privacy is too short to scroll: a transparent bar there would stay white on white.
    for (const path of ['/vision', '/about', '/post', '/vacatures', '/vacancy', '/vacancy/1', '/privacy', '/tag/PKI']) {
      await gotoReady(page, path);
      await expect(bar(page), path).toHaveAttribute('data-solid', 'true');
    }
    // Other pages start transparent over their dark header, like the home page.
    await gotoReady(page, '/services');
    await expect(bar(page)).toHaveAttribute('data-solid', 'false');
  });

  test('holds the spec links with their fragments', async ({ page }) => {
    await gotoReady(page, '/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const expected: [string, string][] = [
      ['Intro', '/#intro'],
      ['Services', '/#services'],
      ['Vision', '/#vision'],
      ['Join Our Team', '/#portfolio'],
      ['Contact', '/#contact'],
      ['About', '/about'],
      ['Posts', '/post'],
    ];
    for (const [name, href] of expected)
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  });

  test('a fragment in the address scrolls to its section after arrival', async ({ page }) => {
    await gotoReady(page, '/#services');
    const section = page.locator('#services');
    await expect.poll(async () => Math.round((await section.boundingBox())!.y)).toBeLessThanOrEqual(80);
    await expect.poll(async () => Math.round((await section.boundingBox())!.y)).toBeGreaterThanOrEqual(0);
  });

  test('a fragment link from another page lands on the home section', async ({ page }) => {
    await gotoReady(page, '/about');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeInViewport();
  });

  test('on a small screen the collapsed menu opens and closes after a link is clicked', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The toggle works once React has taken the page over.
    await gotoReady(page, '/about');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const posts = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Posts', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(posts).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await posts.click();
    await expect(page).toHaveURL(/\/post$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(posts).toBeHidden();
  });

  test('the footer shows the company, Antwerp address, copyright and a safe new-tab logo link', async ({
    page,
    request,
  }) => {
    const settings = (await (await request.get('/api/settings')).json()) as { companyName: string; socialUrl: string };
    await gotoReady(page, '/');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(settings.companyName);
    await expect(footer).toContainText(/Antwerp/);
    await expect(footer).toContainText(`Copyright © ${settings.companyName} 2024`);
    const logo = footer.getByRole('link', { name: /opens in a new tab/ });
    await expect(logo).toHaveAttribute('href', settings.socialUrl);
    await expect(logo).toHaveAttribute('target', '_blank');
    await expect(logo).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
