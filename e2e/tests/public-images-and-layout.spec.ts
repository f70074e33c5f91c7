import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import type { Post } from '@app/shared/schemas/posts';
import { expect, gotoReady, test, unique, type ImageFile, type Page } from '../fixtures';

/** Lightbox, whole post photos, vision carousel, fragment scrolling, page polish. */

/** A JPEG of this size with a dark frame, so a cropped edge would show. */
async function photo(name: string, width: number, height: number): Promise<ImageFile> {
  const frame = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#3b82f6"/><rect x="10" y="10" width="${width - 20}" height="${height - 20}" fill="none" stroke="#111" stroke-width="20"/></svg>`,
  );
  return { name, mimeType: 'image/jpeg', buffer: await sharp(frame).jpeg().toBuffer() };
}

/**
 * Stored sizes (the server fits uploads within 1200 x 630): 4:3 → 840 x 630, 3:4 → 473 x 630.
 * Each worker runs the hook below and makes its own two posts: their names must not collide.
 */
const GALLERY = `Lightbox gallery ${unique()}`;
const SINGLE = `Lightbox single ${unique()}`;
let gallery: Post;
let single: Post;
test.beforeAll(async ({ adminApi }) => {
  gallery = await adminApi.createPost({
    name: GALLERY,
    images: [
      await photo('four-three.jpg', 1600, 1200),
      await photo('portrait.jpg', 900, 1200),
      await photo('wide.jpg', 1200, 630),
    ],
  });
  single = await adminApi.createPost({ name: SINGLE, images: [await photo('only.jpg', 800, 600)] });
});

const carousel = (page: Page) => page.getByRole('group', { name: /^Images of / });
const enlarge = (page: Page) => carousel(page).getByRole('button', { name: /^Enlarge image/ });
const lightbox = (page: Page) => page.getByRole('dialog');

test.describe('lightbox', () => {
  test('is a chunk of its own, fetched after the page has loaded', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    const res = await gotoReady(page, `/post/${gallery.id}`);
    expect(await res!.text()).not.toMatch(/lightbox-[\w-]+\.js/);
    await expect.poll(() => scripts.some((u) => /\/lightbox-[\w-]+\.js$/.test(u))).toBe(true);
    // A page without post images never fetches it.
    scripts.length = 0;
    await gotoReady(page, '/about');
    await expect(page.getByRole('heading', { name: 'About Us' })).toBeVisible();
    expect(scripts.filter((u) => /lightbox/.test(u))).toEqual([]);
  });

  test('opens on click with the whole image, steps through the images, closes on Escape back on the image', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await gotoReady(page, `/post/${gallery.id}`);
    await enlarge(page).click();
    const dialog = lightbox(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleName(`${GALLERY}: image 1 of 3`);
    await expect(dialog.getByText('1 / 3')).toBeVisible();
    const img = dialog.getByRole('img');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(840);
    // The whole image inside the window, at its own 4:3 shape.
    const box = (await img.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1366);
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    expect(box.width / box.height).toBeCloseTo(4 / 3, 1);

    await dialog.getByRole('button', { name: 'Next image' }).click();
    await expect(dialog.getByText('2 / 3')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(dialog.getByText('3 / 3')).toBeVisible();
    await dialog.getByRole('button', { name: 'Next image' }).click();
    await expect(dialog.getByText('1 / 3')).toBeVisible();
    await dialog.getByRole('button', { name: 'Previous image' }).click();
    await expect(dialog.getByText('3 / 3')).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Focus is back on the image, and the carousel shows the one the lightbox showed last.
    await expect(enlarge(page)).toBeFocused();
    await expect(carousel(page).getByText('3 / 3')).toBeVisible();
  });

  test('opens with Enter, keeps the focus inside, passes axe, and closes with its button or a click outside', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await gotoReady(page, `/post/${gallery.id}`);
    await enlarge(page).focus();
    await page.keyboard.press('Enter');
    const dialog = lightbox(page);
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 7; i++) {
      await page.keyboard.press(i % 2 ? 'Shift+Tab' : 'Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(enlarge(page)).toBeFocused();

    await enlarge(page).click();
    await expect(dialog).toBeVisible();
    // The dark surroundings, left of the image.
    await page.mouse.click(8, 450);
    await expect(dialog).toBeHidden();
    await expect(enlarge(page)).toBeFocused();
    // A click on the image itself does not close.
    await enlarge(page).click();
    await dialog.getByRole('img').click();
    await expect(dialog).toBeVisible();
  });

  test('a post with one image has no previous or next', async ({ page }) => {
    await gotoReady(page, `/post/${single.id}`);
    await enlarge(page).click();
    const dialog = lightbox(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('works from the post list too', async ({ page }) => {
    await gotoReady(page, `/post?q=${encodeURIComponent(SINGLE)}`);
    const article = page.getByRole('article').filter({ has: page.getByRole('heading', { name: SINGLE }) });
    await article.getByRole('button', { name: `Enlarge image: ${SINGLE}` }).click();
    await expect(lightbox(page)).toBeVisible();
  });
});

test.describe('post photos', () => {
  const shown = (page: Page) => carousel(page).getByRole('img');

  test('are shown whole at most 630 px high, with their size known before the file arrives', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    // Hold the image files back to look at the page before they arrive (no fake data: the real answer follows).
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/images/**', async (route) => {
      await held;
      await route.continue();
    });
    // Not gotoReady: the load event waits for the held images.
    await page.goto(`/post/${gallery.id}`, { waitUntil: 'domcontentloaded' });
    await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    const img = shown(page);
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(0);
    const before = (await img.boundingBox())!;
    expect([Math.round(before.width), Math.round(before.height)]).toEqual([840, 630]);
    release();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(840);
    expect(await img.boundingBox()).toEqual(before);

    // Nothing cut: the frame holds the whole image box.
    const frame = (await carousel(page).locator('figure').boundingBox())!;
    expect(frame.height).toBeGreaterThanOrEqual(before.height);
    expect(frame.y).toBeLessThanOrEqual(before.y);

    await carousel(page).getByRole('button', { name: 'Next image' }).click();
    await expect.poll(async () => (await shown(page).boundingBox())!.height).toBe(630);
    const portrait = (await shown(page).boundingBox())!;
    expect(Math.abs(portrait.width - 473)).toBeLessThanOrEqual(1);
  });

  test('scale down with their shape on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoReady(page, `/post/${gallery.id}`);
    const box = (await shown(page).boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390 - 2 * 20);
    expect(box.width / box.height).toBeCloseTo(4 / 3, 1);
  });
});

test.describe('responsive images', () => {
  test('a post image comes in narrower copies and the browser takes the AVIF one for the width shown', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoReady(page, `/post/${gallery.id}`);
    const img = carousel(page).getByRole('img');
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.currentSrc))
      .toMatch(/\.480w\.avif$/);
    const chosen = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
    const res = await page.request.get(chosen);
    expect(res.headers()['content-type']).toBe('image/avif');
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.reload();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.currentSrc))
      .toMatch(/\.840w\.avif$/);
    // The stored image keeps its URL.
    const src = (await img.getAttribute('src'))!;
    expect((await page.request.get(src)).status()).toBe(200);
  });

  for (const url of ['/', '/vision', '/post'])
    test(`every image on ${url} has its size, and those below the fold load lazily`, async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 900 });
      await gotoReady(page, url);
      const found = await page.locator('main img').evaluateAll((imgs) =>
        imgs.map((i) => ({
          src: i.getAttribute('src'),
          sized: i.hasAttribute('width') && i.hasAttribute('height'),
          below: i.getBoundingClientRect().top + window.scrollY > 2 * window.innerHeight,
          lazy: i.getAttribute('loading') === 'lazy',
        })),
      );
      expect(found.filter((i) => !i.sized)).toEqual([]);
      expect(found.filter((i) => i.below && !i.lazy)).toEqual([]);
    });
});

test.describe('vision carousel in portrait', () => {
  for (const size of [
    { width: 768, height: 1024 },
    { width: 800, height: 1100 },
    { width: 1024, height: 1366 },
    { width: 390, height: 844 },
  ])
    test(`shows the whole card and its name at ${size.width}×${size.height}`, async ({ browser }) => {
      // A touch screen: no hover, so the name is always shown.
      const context = await browser.newContext({ viewport: size, hasTouch: true, isMobile: true });
      const page = await context.newPage();
      await gotoReady(page, '/#vision');
      const region = page.getByRole('region', { name: 'Vision cards' });
      await expect(region).toHaveAttribute('data-axis', 'y');
      const section = (await page.locator('#vision').boundingBox())!;
      const viewport = (await region.locator('ul').locator('..').boundingBox())!;
      for (const step of [0, 1]) {
        if (step) {
          await region.getByRole('button', { name: 'Next vision' }).click();
          await expect(region).toHaveAttribute('data-selected', '1');
        }
        const card = region.getByRole('listitem').nth(step).getByRole('link');
        // Waits for the step's animation to end: then the whole card is inside the viewport.
        const inside = async () => {
          const b = (await card.boundingBox())!;
          return b.y >= viewport.y - 0.5 && b.y + b.height <= viewport.y + viewport.height + 0.5;
        };
        await expect.poll(inside).toBe(true);
        const box = (await card.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(viewport.x - 0.5);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.x + viewport.width + 0.5);
        expect(box.y + box.height).toBeLessThanOrEqual(section.y + section.height);
        // The card keeps the image's 3:2 shape.
        expect(box.width / box.height).toBeCloseTo(1.5, 1);
        const caption = card.locator('span');
        await expect.poll(() => caption.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
        const name = (await caption.boundingBox())!;
        expect(name.y + name.height).toBeLessThanOrEqual(box.y + box.height + 0.5);
      }
      await context.close();
    });
});

interface ScrollSample {
  y: number;
  /** Whether the element `marker` names was in the page: which page the frame showed. */
  marked: boolean;
}
/** Records window.scrollY at every frame from now on (a client-side navigation keeps the document). */
async function recordScroll(page: Page, marker = 'body') {
  await page.evaluate((marker) => {
    const w = window as unknown as { scrollSamples: ScrollSample[] };
    w.scrollSamples = [];
    const tick = () => {
      w.scrollSamples.push({ y: window.scrollY, marked: document.querySelector(marker) !== null });
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }, marker);
  return () => page.evaluate(() => (window as unknown as { scrollSamples: ScrollSample[] }).scrollSamples);
}

test.describe('fragment scrolling', () => {
  test('a nav link on the home page glides to its section', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await gotoReady(page, '/');
    const samples = await recordScroll(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Vision', exact: true }).click();
    const section = page.locator('#vision');
    await expect.poll(async () => Math.round((await section.boundingBox())!.y)).toBe(56);
    const ys = (await samples()).map((s) => s.y);
    const end = ys[ys.length - 1]!;
    // A position between the start and the end: a glide, not a jump (a jump has none). How many
    // frames the glide gets depends on the machine's load, so one is enough.
    expect(new Set(ys.filter((y) => y > 0 && y < end - 1)).size).toBeGreaterThanOrEqual(1);
  });

  test('Contact from another page ends with the section at the top once the form has loaded', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await gotoReady(page, '/about');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.getByRole('form', { name: 'Contact form' }).getByLabel(/^Full Name/)).toBeVisible();
    const section = page.locator('#contact');
    await expect.poll(async () => Math.round((await section.boundingBox())!.y), { timeout: 10_000 }).toBe(56);
  });

  test('a vision card glides to its place on /vision without jumping there first', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await gotoReady(page, '/#vision');
    const region = page.getByRole('region', { name: 'Vision cards' });
    await expect(region).toHaveAttribute('data-axis', 'x');
    await expect.poll(async () => Math.round((await page.locator('#vision').boundingBox())!.y)).toBe(56);
    const samples = await recordScroll(page, '#vision3');
    await region.getByRole('link', { name: 'Employee Well-being' }).click();
    await expect(page).toHaveURL(/\/vision#vision3$/);
    const card = page.locator('#vision3');
    await expect.poll(async () => Math.round((await card.boundingBox())!.y)).toBe(125);
    const onVision = (await samples()).filter((s) => s.marked).map((s) => s.y);
    const end = onVision[onVision.length - 1]!;
    // It starts at the top of the page, and passes through positions on the way.
    expect(onVision[0]).toBeLessThan(5);
    expect(new Set(onVision.filter((y) => y > 5 && y < end - 1)).size).toBeGreaterThanOrEqual(3);
  });

  test('/vision#vision{id} opened directly ends 125 px above the card', async ({ page }) => {
    await gotoReady(page, '/vision#vision5');
    await expect.poll(async () => Math.round((await page.locator('#vision5').boundingBox())!.y)).toBe(125);
  });
});

test.describe('public pages', () => {
  test('/vision cards all have images of one size', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await gotoReady(page, '/vision');
    const sizes = await page
      .locator('article[id^="vision"] img')
      .evaluateAll((imgs) =>
        imgs.map(
          (i) => `${Math.round(i.getBoundingClientRect().width)}x${Math.round(i.getBoundingClientRect().height)}`,
        ),
      );
    expect(sizes).toHaveLength(6);
    expect(new Set(sizes).size).toBe(1);
  });

  for (const width of [1366, 768, 390])
    test(`About's web, mail and phone values are never broken inside a word at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await gotoReady(page, '/about');
      const links = page.locator('article dd a');
      await expect(links.first()).toBeVisible();
      const lines = await links.evaluateAll((as) => as.map((a) => `${a.textContent}: ${a.getClientRects().length}`));
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.filter((l) => !l.endsWith(': 1'))).toEqual([]);
    });

  for (const size of [
    { width: 1366, height: 900 },
    { width: 768, height: 1024 },
    { width: 390, height: 844 },
  ])
    test(`the home vision section leaves no empty band under the carousel at ${size.width}×${size.height}`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await gotoReady(page, '/#vision');
      const region = page.getByRole('region', { name: 'Vision cards' });
      await expect(region).toHaveAttribute('data-axis', size.width > size.height ? 'x' : 'y');
      const section = (await page.locator('#vision').boundingBox())!;
      const heading = (await page.locator('#vision-title').boundingBox())!;
      const bottom = (await region.boundingBox())!;
      const above = heading.y - section.y;
      const below = section.y + section.height - (bottom.y + bottom.height);
      expect(Math.round(section.height)).toBe(500);
      expect(below).toBeGreaterThanOrEqual(0);
      expect(Math.abs(below - above)).toBeLessThanOrEqual(12);
    });
});

/** The public pages a newcomer found unpolished at phone, tablet and desktop sizes. */
test.describe('site font, round buttons, the 404 page, balanced grids, the phone carousel, phone numbers', () => {
  const fontOf = (page: Page, selector: string) =>
    page.locator(selector).evaluateAll((els) => els.map((e) => getComputedStyle(e).fontFamily));
  const radiusOf = (page: Page, selector: string) =>
    page.locator(selector).evaluateAll((els) => els.map((e) => getComputedStyle(e).borderTopLeftRadius));
  /** The site's button shape, read from a button of the site's own style (the /post search). */
  const siteButtonRadius = async (page: Page) => {
    await gotoReady(page, '/post');
    const [radius] = await radiusOf(page, 'form[role="search"] button');
    expect(radius).toBe('999px');
    return radius;
  };

  test("the /post search and the login form use the site's font", async ({ page }) => {
    await gotoReady(page, '/post');
    const body = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(body).toContain('system-ui');
    expect(await fontOf(page, 'form[role="search"] input, form[role="search"] button')).toEqual([body, body]);
    await gotoReady(page, '/login');
    expect(await fontOf(page, 'main input, main button')).toEqual([body, body, body]);
  });

  test("the login and 404 buttons are round like the site's other buttons", async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 404/);
    const round = await siteButtonRadius(page);
    await gotoReady(page, '/login');
    expect(await radiusOf(page, 'main button')).toEqual([round]);
    await gotoReady(page, '/no/such/page');
    const back = page.getByRole('link', { name: 'Back to the home page' });
    expect(await back.evaluate((e) => getComputedStyle(e).borderTopLeftRadius)).toBe(round);
  });

  for (const width of [390, 1366])
    test(`the 404 page has the site's navigation and footer at ${width} px`, async ({ page, allowConsoleErrors }) => {
      allowConsoleErrors(/status of 404/);
      await page.setViewportSize({ width, height: 900 });
      const res = await gotoReady(page, '/no/such/page');
      expect(res!.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
      await expect(
        page
          .getByRole('banner')
          .getByRole('link', { name: /Redwall/ })
          .first(),
      ).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Staff login' })).toBeVisible();
      if (width > 1000) await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      else {
        await page.getByRole('button', { name: /menu/i }).click();
        await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' })).toBeVisible();
      }
    });

  /**
   * No card alone on the last row beside empty cells: a row of one card is as wide as the grid.
   * Rows are the cards' tops.
   */
  async function lastRowIsFull(page: Page, list: string) {
    const { grid, cards } = await page.locator(list).evaluate((ul) => {
      const box = (e: Element) => {
        const r = e.getBoundingClientRect();
        return { left: r.left, right: r.right, top: Math.round(r.top) };
      };
      return { grid: box(ul), cards: [...ul.children].map(box) };
    });
    expect(cards.length).toBeGreaterThan(1);
    const lastTop = Math.max(...cards.map((c) => c.top));
    const lastRow = cards.filter((c) => c.top === lastTop);
    const columns = cards.filter((c) => c.top === cards[0]!.top).length;
    if (lastRow.length === 1 && columns > 1) {
      expect(lastRow[0]!.left).toBeCloseTo(grid.left, 0);
      expect(lastRow[0]!.right).toBeCloseTo(grid.right, 0);
    }
  }

  for (const size of [
    { width: 768, height: 1024 },
    { width: 820, height: 1180 },
    { width: 1024, height: 1366 },
  ])
    test(`the careers tiles and /vacatures leave no card alone beside empty cells at ${size.width}×${size.height}`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await gotoReady(page, '/careers');
      await lastRowIsFull(page, 'main ul:has(> li > a[href*="vacan"])');
      await gotoReady(page, '/vacatures');
      await lastRowIsFull(page, 'main ul:has(> li h2)');
    });

  test('on a phone the vision card fills its place: no empty band under it', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await gotoReady(page, '/#vision');
    const region = page.getByRole('region', { name: 'Vision cards' });
    await expect(region).toHaveAttribute('data-axis', 'y');
    const card = region.getByRole('listitem').first().getByRole('link');
    await expect(card).toBeInViewport();
    const box = (await card.boundingBox())!;
    const section = (await page.locator('#vision').boundingBox())!;
    const controls = await region.getByRole('button').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().top));
    // The next thing under the card: an arrow below it, or the end of the section.
    const below = Math.min(section.y + section.height, ...controls.filter((t) => t >= box.y + box.height - 1));
    expect(below - (box.y + box.height)).toBeLessThanOrEqual(40);
    // The card is as wide as the column (the arrows no longer beside it).
    expect(box.width).toBeGreaterThan(330);
    await context.close();
  });

  for (const width of [390, 768])
    test(`phone numbers stay on one line at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const url of ['/vacancy/1', '/']) {
        await gotoReady(page, url);
        const numbers = page.locator('main a[href^="tel:"]');
        await expect(numbers.first()).toBeAttached();
        const lines = await numbers.evaluateAll((as) =>
          as.map((a) => `${a.textContent}: ${a.getClientRects().length}`),
        );
        expect(
          lines.filter((l) => !l.endsWith(': 1')),
          url,
        ).toEqual([]);
      }
    });
});
