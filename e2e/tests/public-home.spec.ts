import { test, expect, gotoReady } from '../fixtures';
import { CAREER_TILES } from '@app/shared/vacancy-facts';

test.describe('landing page', () => {
  test('shows the sections in the spec order with their texts', async ({ page, request }) => {
    const masthead = (await (await request.get('/api/masthead')).json()) as { mastheadTitle?: string };
    const intro = (await (await request.get('/api/intro')).json()) as { title?: string };
    // The demo texts are there on every run (content-admin puts back what it changes).
    expect(masthead.mastheadTitle).toBeTruthy();
    expect(intro.title).toBeTruthy();
    await page.goto('/');
    const ids = await page.locator('main > section').evaluateAll((els) => els.map((e) => e.id));
    expect(ids.filter(Boolean)).toEqual(['intro', 'services', 'vision', 'portfolio', 'contact']);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(masthead.mastheadTitle!);
    await expect(page.getByRole('heading', { level: 2, name: intro.title })).toBeVisible();
    for (const name of ['Java, J2EE & Javascript', 'Digital signatures', 'BC/DR solutions', 'Security scan'])
      await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Vision' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find Out More' })).toHaveAttribute('href', '/about');
  });

  test('careers teaser tiles open the vacancy tied to them and All careers goes to /vacatures', async ({
    page,
    adminApi,
  }) => {
    const vacancies = await adminApi.vacancies();
    await page.goto('/');
    const careers = page.locator('#portfolio');
    await expect(careers.getByRole('heading', { name: 'Join Our Team' })).toBeVisible();
    for (const [tile, name] of Object.entries(CAREER_TILES))
      await expect(careers.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute(
        'href',
        ((v) => (v ? `/vacancy/${v.id}/${v.slug}` : '/vacatures'))(vacancies.find((v) => v.homeTile === tile)),
      );
    await careers.getByRole('link', { name: 'All careers' }).click();
    await expect(page).toHaveURL(/\/vacatures$/);
  });

  test('the contact section shows the Belgian phone number and the form slot', async ({ page, request }) => {
    const { phone } = (await (await request.get('/api/settings')).json()) as { phone: string };
    await page.goto('/#contact');
    const contact = page.locator('#contact');
    await expect(contact.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
    await expect(contact.getByRole('link', { name: phone })).toHaveAttribute('href', /^tel:\+32/);
  });
});

test.describe('vision carousel', () => {
  const carousel = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Vision cards' });

  test('shows three cards across, one step at a time, and wraps around both ways', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoReady(page, '/#vision');
    const c = carousel(page);
    await expect(c).toHaveAttribute('data-axis', 'x');
    await expect(c).toHaveAttribute('data-selected', '0');
    const slides = c.getByRole('listitem');
    await expect(slides).toHaveCount(6);
    for (const i of [0, 1, 2]) await expect(slides.nth(i)).toBeInViewport({ ratio: 0.9 });
    await expect(slides.nth(3)).not.toBeInViewport({ ratio: 0.5 });
    // No indicator dots: the only buttons are previous and next.
    await expect(c.getByRole('button')).toHaveCount(2);

    await c.getByRole('button', { name: 'Previous vision' }).click();
    await expect(c).toHaveAttribute('data-selected', '5');
    await c.getByRole('button', { name: 'Next vision' }).click();
    await expect(c).toHaveAttribute('data-selected', '0');
    await c.getByRole('button', { name: 'Next vision' }).click();
    await expect(c).toHaveAttribute('data-selected', '1');
  });

  test('is operable with the keyboard', async ({ page }) => {
    await gotoReady(page, '/#vision');
    const c = carousel(page);
    await expect(c).toHaveAttribute('data-axis', 'x');
    const next = c.getByRole('button', { name: 'Next vision' });
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(c).toHaveAttribute('data-selected', '1');
    await page.keyboard.press('Space');
    await expect(c).toHaveAttribute('data-selected', '2');
    await page.keyboard.press('ArrowLeft');
    await expect(c).toHaveAttribute('data-selected', '1');
    // Tabbing onto a card shows its caption, as hovering does.
    await c.getByRole('button', { name: 'Previous vision' }).focus();
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(focused).toHaveAttribute('href', /^\/vision#vision\d$/);
    await expect.poll(() => focused.locator('span').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  });

  test('shows the caption on hover and a click goes to the vision with a 125 px offset', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoReady(page, '/#vision');
    const c = carousel(page);
    await expect(c).toHaveAttribute('data-axis', 'x');
    const first = c.getByRole('link', { name: 'Continuous Learning' });
    const caption = first.locator('span');
    await expect.poll(() => caption.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    await first.hover();
    await expect.poll(() => caption.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await first.click();
    await expect(page).toHaveURL(/\/vision#vision1$/);
    const card = page.locator('#vision1');
    await expect.poll(async () => Math.round((await card.boundingBox())!.y)).toBe(125);
  });

  test('turns vertical with one card when the window is narrower than tall, and back', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoReady(page, '/#vision');
    const c = carousel(page);
    await expect(c).toHaveAttribute('data-axis', 'x');
    // A tablet in portrait: the spec's 300 px tall viewport.
    await page.setViewportSize({ width: 768, height: 1024 });
    await expect(c).toHaveAttribute('data-axis', 'y');
    const viewport = c.locator('ul').locator('..');
    await expect.poll(async () => Math.round((await viewport.boundingBox())!.height)).toBe(300);
    // A phone: the card takes the column's width, and the viewport is as tall as the card and the
    // gap above it (a 300 px viewport left a band of 135 px empty under a card 165 px high).
    await page.setViewportSize({ width: 420, height: 860 });
    const shown = c.getByRole('listitem').first().getByRole('link');
    await expect
      .poll(async () => Math.round((await viewport.boundingBox())!.height - (await shown.boundingBox())!.height))
      .toBe(16);
    expect((await viewport.boundingBox())!.height).toBeLessThan(300);
    await c.scrollIntoViewIfNeeded();
    const slides = c.getByRole('listitem');
    await expect(slides.nth(0)).toBeInViewport({ ratio: 0.9 });
    await expect(slides.nth(1)).not.toBeInViewport({ ratio: 0.3 });
    await c.getByRole('button', { name: 'Next vision' }).click();
    await expect(c).toHaveAttribute('data-selected', '1');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(c).toHaveAttribute('data-axis', 'x');
  });

  test('the vision section is 500 px high', async ({ page }) => {
    await page.goto('/');
    const box = await page.locator('#vision').boundingBox();
    expect(Math.round(box!.height)).toBe(500);
  });
});
