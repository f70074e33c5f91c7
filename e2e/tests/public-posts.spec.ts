import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_VACANCY_ID } from '@app/shared/constants';
import { test, expect, gotoReady, type ImageFile } from '../fixtures';

const publicDir = path.resolve(import.meta.dirname, '../../apps/web/public');
const pngs = [fs.readFileSync(path.join(publicDir, 'og-image.png')), fs.readFileSync(path.join(publicDir, 'logo.png'))];
const images = (n: number): ImageFile[] =>
  Array.from({ length: n }, (_, i) => ({ name: `image-${i}.png`, mimeType: 'image/png', buffer: pngs[i % 2]! }));

const longText = (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');

test.describe('public posts', () => {
  test('the overview cuts content at 600 characters plus ... and links to the post', async ({ page, adminApi }) => {
    const post = await adminApi.createPost({ content: longText(700) });
    await gotoReady(page, '/post');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: post.name }) });
    await expect(card).toContainText(`${post.content.slice(0, 600)}...`);
    await expect(card).not.toContainText(post.content.slice(0, 601));
    await expect(card).toContainText(/Posted By: E2E Author \| Posted On: [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expect(card.getByText('No images for this post')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Previous image' })).toHaveCount(0);
    await card.getByRole('link', { name: /View Post/ }).click();
    await expect(page).toHaveURL(new RegExp(`/post/${post.id}/${post.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.name);
    await expect(page.getByText(post.content)).toBeVisible();
  });

  test('the post carousel wraps around and shows buttons only with more than one image', async ({ page, adminApi }) => {
    const post = await adminApi.createPost({
      content: 'Three pictures tell the story of this post.',
      images: images(3),
      tags: ['PKI', 'Scan'],
    });
    await gotoReady(page, `/post/${post.id}`);
    const carousel = page.getByRole('group', { name: `Images of ${post.name}` });
    await expect(carousel.getByText('1 / 3')).toBeVisible();
    const img = carousel.getByRole('img');
    await expect(img).toHaveAttribute('width', /\d+/);
    await expect(img).toHaveAttribute('height', /\d+/);
    await expect(carousel.locator('source[type="image/webp"]')).toHaveAttribute('srcset', /\.webp \d+w$/);
    await carousel.getByRole('button', { name: 'Previous image' }).click();
    await expect(carousel.getByText('3 / 3')).toBeVisible();
    await carousel.getByRole('button', { name: 'Next image' }).click();
    await expect(carousel.getByText('1 / 3')).toBeVisible();
    await carousel.getByRole('button', { name: 'Next image' }).click();
    await carousel.getByRole('button', { name: 'Next image' }).click();
    await carousel.getByRole('button', { name: 'Next image' }).click();
    await expect(carousel.getByText('1 / 3')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['PKI', 'Scan']);

    const single = await adminApi.createPost({ content: 'A post with exactly one picture.', images: images(1) });
    await gotoReady(page, `/post/${single.id}`);
    await expect(page.getByRole('group', { name: `Images of ${single.name}` }).getByRole('img')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next image' })).toHaveCount(0);
  });

  test('a visitor likes a post and Back to Overview returns to the list', async ({ page, adminApi }) => {
    const post = await adminApi.createPost({ content: 'A post worth a like from the visitors.' });
    await gotoReady(page, `/post/${post.id}`);
    const like = page.getByRole('button', { name: /Like/ });
    await expect(like.getByTestId('like-count')).toHaveText('0');
    await like.click();
    await expect(like.getByTestId('like-count')).toHaveText('1');
    await expect(like).toHaveAccessibleName('Liked 1');
    // Not a toggle: a second press is a second like, and the button says so without a pressed state.
    await like.click();
    await expect(like.getByTestId('like-count')).toHaveText('2');
    await expect(like).not.toHaveAttribute('aria-pressed');
    await page.getByRole('link', { name: /Back to Overview/ }).click();
    await expect(page).toHaveURL(/\/post$/);
  });

  test('an unknown or invalid post id answers 404 with Invalid Post ID', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 404/);
    for (const id of ['99999999', 'abc']) {
      const res = await page.goto(`/post/${id}`);
      expect(res!.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Post not found');
      await expect(page.getByRole('alert')).toHaveText('Invalid Post ID');
      await expect(page.getByRole('link', { name: /Back to Overview/ })).toHaveAttribute('href', '/post');
    }
  });

  test('a page past the last one and a tag without posts answer 404 and say so, with a way on', async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 404/);
    const past = await page.goto('/post?page=999');
    expect(past!.status()).toBe(404);
    await expect(page.getByText('No posts on this page. See all posts.')).toBeVisible();
    await expect(page.getByText('No posts yet')).toHaveCount(0);
    await page.getByRole('link', { name: 'See all posts' }).click();
    await expect(page).toHaveURL(/\/post$/);
    await expect(page.getByRole('article').first()).toBeVisible();

    const tag = await page.goto('/tag/No%20such%20tag');
    expect(tag!.status()).toBe(404);
    await expect(page.getByText('No posts on this page. See all posts.')).toBeVisible();
  });

  test('a search with control characters in its address searches the words, not a failure', async ({ page }) => {
    await gotoReady(page, '/post?q=%00');
    await expect(page.getByRole('article').first()).toBeVisible();
    await gotoReady(page, '/post?q=nothing%09matches%00this');
    await expect(page.getByText('No posts match “nothing matches this”.')).toBeVisible();
    await expect(page.getByText('Something went wrong!!!')).toHaveCount(0);
  });

  // Both error pages load with their route (lib/lazy.ts), not with the entry: the app must still
  // hydrate them and render them on a move within the app.
  test('a missing post and an unknown page hydrate, and render on a move within the app', async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 404/);
    const stillThisDocument = () => page.evaluate(() => (window as { marker?: number }).marker === 1);
    await gotoReady(page, '/post/99999999');
    await page.evaluate(() => void ((window as { marker?: number }).marker = 1));
    await page.getByRole('link', { name: /Back to Overview/ }).click();
    await expect(page).toHaveURL(/\/post$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Posts/);
    expect(await stillThisDocument()).toBe(true);

    // A move to a post that is gone: the route's lazy error boundary shows, in the same document.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/post/99999998');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('alert')).toHaveText('Invalid Post ID');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Post not found');
    expect(await stillThisDocument()).toBe(true);

    await gotoReady(page, '/no/such/page');
    await expect(page).toHaveTitle('Page not found | Redwall Security Integrations');
    await page.evaluate(() => void ((window as { marker?: number }).marker = 1));
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await stillThisDocument()).toBe(true);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/still/no/such/page');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(await stillThisDocument()).toBe(true);
  });
});

test.describe('public vacancies', () => {
  test('the list shows title and function; the card and View Vacancy open the vacancy', async ({ page, adminApi }) => {
    const v = await adminApi.createVacancy();
    await gotoReady(page, '/vacatures');
    await expect(page.getByRole('link', { name: /Main Page/ })).toHaveAttribute('href', '/#portfolio');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: v.title }) });
    await expect(card).toContainText(v.function);
    await card.getByRole('link', { name: /View Vacancy/ }).click();
    await expect(page).toHaveURL(new RegExp(`/vacancy/${v.id}/${v.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(v.title);
    for (const name of ['Expectations', 'Function', 'Description', 'Offer'])
      await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    await page.getByRole('link', { name: /Back to Overview/ }).click();
    await expect(page).toHaveURL(/\/vacatures$/);
    // Clicking the card itself (not its button) opens the vacancy too.
    await page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: v.title }) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/vacancy/${v.id}/${v.slug}$`));
  });

  test('/vacancy shows the default vacancy, id 1', async ({ page, adminApi }) => {
    // The seeded vacancy 1: no test deletes it (only the empty-states project, which runs last).
    const v = await adminApi.vacancy(DEFAULT_VACANCY_ID);
    await page.goto('/vacancy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(v.title);
  });

  test('a vacancy that fails to load redirects to /vacancy', async ({ page, allowConsoleErrors }) => {
    allowConsoleErrors(/status of 404/);
    for (const id of ['99999999', 'not-a-number']) {
      await page.goto(`/vacancy/${id}`);
      await expect(page).toHaveURL(/\/vacancy$/);
    }
  });

  test('in the browser, a failed load redirects to /vacancy, which says so when vacancy 1 fails too', async ({
    page,
    adminApi,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 500/);
    const v = await adminApi.createVacancy();
    await gotoReady(page, '/vacatures');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: v.title }) });
    await expect(card.getByRole('link', { name: /View Vacancy/ })).toBeVisible();
    // From now on every vacancy read fails, so the redirect target cannot show vacancy 1 either.
    await page.route(/\/api\/vacancy\/\d+$/, (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, error: 'x', message: 'x' } }),
    );
    await card.getByRole('link', { name: /View Vacancy/ }).click();
    await expect(page).toHaveURL(/\/vacancy$/);
    await expect(page.getByText('This vacancy is not available at the moment.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Overview' })).toHaveAttribute('href', '/vacatures');
  });
});

test.describe('about and vision pages', () => {
  test('/about shows both legal entities with every field', async ({ page, request }) => {
    const settings = (await (await request.get('/api/settings')).json()) as {
      entities: {
        legalName: string;
        address: string;
        website: string;
        registrationNumber: string;
        email: string;
        phone: string;
      }[];
    };
    await page.goto('/about');
    expect(settings.entities).toHaveLength(2);
    for (const e of settings.entities) {
      const card = page.getByRole('article', { name: e.legalName });
      await expect(card).toContainText(e.address);
      await expect(
        card.getByRole('link', { name: e.website.replace(/^https?:\/\//, ''), exact: true }),
      ).toHaveAttribute('href', e.website);
      await expect(card).toContainText(e.registrationNumber);
      await expect(card.getByRole('link', { name: e.email })).toHaveAttribute('href', `mailto:${e.email}`);
      await expect(card).toContainText(e.phone);
    }
  });

  test("/vision is headed with the company's vision and has a card per vision", async ({ page, request }) => {
    const { companyName } = (await (await request.get('/api/settings')).json()) as { companyName: string };
    await page.goto('/vision#vision4');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${companyName}'s Vision`);
    for (let id = 1; id <= 6; id++) await expect(page.locator(`#vision${id}`)).toHaveCount(1);
    await expect.poll(async () => Math.round((await page.locator('#vision4').boundingBox())!.y)).toBe(125);
    await expect(page.getByRole('link', { name: 'Apply now' })).toHaveAttribute('href', '/vacatures');
  });
});
