import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { test, expect, ADMIN, unique } from '../fixtures';

interface CreatedPost {
  id: number;
  name: string;
  content: string;
}

const publicDir = path.resolve(import.meta.dirname, '../../apps/web/public');
const pngs = [fs.readFileSync(path.join(publicDir, 'og-image.png')), fs.readFileSync(path.join(publicDir, 'logo.png'))];

/** Creates a post through the API as the admin, with `images` PNG files. */
async function createPost(
  request: APIRequestContext,
  content: string,
  images: number,
  tags: string[] = [],
): Promise<CreatedPost> {
  await request.get('/api/health'); // hands out the XSRF-TOKEN cookie
  const state = await request.storageState();
  const xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
  const login = await request.post('/api/login', {
    data: { username: ADMIN.email, password: ADMIN.password },
    headers: { 'x-xsrf-token': xsrf },
  });
  expect(login.ok()).toBe(true);
  const { user } = (await login.json()) as { user: { token: string } };
  const name = `Public post ${unique()}`;
  const form = new FormData();
  form.append('post', JSON.stringify({ name, content, postedBy: 'E2E Author', tags }));
  for (let i = 0; i < images; i++)
    form.append('imageFiles', new Blob([pngs[i % 2]!], { type: 'image/png' }), `image-${i}.png`);
  const res = await request.post('/api/posts', {
    multipart: form,
    headers: { authorization: `Bearer ${user.token}`, 'x-xsrf-token': xsrf },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { ...((await res.json()) as { id: number }), name, content };
}

const longText = (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');

test.describe('public posts', () => {
  test('the overview cuts content at 600 characters plus ... and links to the post', async ({ page, request }) => {
    const post = await createPost(request, longText(700), 0);
    await page.goto('/post');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: post.name }) });
    await expect(card).toContainText(`${post.content.slice(0, 600)}...`);
    await expect(card).not.toContainText(post.content.slice(0, 601));
    await expect(card).toContainText(/Posted By: E2E Author \| Posted On: [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expect(card.getByText('No images for this post')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Previous image' })).toHaveCount(0);
    await card.getByRole('link', { name: /View Post/ }).click();
    await expect(page).toHaveURL(new RegExp(`/post/${post.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.name);
    await expect(page.getByText(post.content)).toBeVisible();
  });

  test('the post carousel wraps around and shows buttons only with more than one image', async ({ page, request }) => {
    const post = await createPost(request, 'Three pictures tell the story of this post.', 3, ['PKI', 'Scan']);
    await page.goto(`/post/${post.id}`);
    const carousel = page.getByRole('group', { name: `Images of ${post.name}` });
    await expect(carousel.getByText('1 / 3')).toBeVisible();
    const img = carousel.getByRole('img');
    await expect(img).toHaveAttribute('width', /\d+/);
    await expect(img).toHaveAttribute('height', /\d+/);
    await expect(carousel.locator('source[type="image/webp"]')).toHaveAttribute('srcset', /\.webp$/);
    await carousel.getByRole('button', { name: 'Previous image' }).click();
    await expect(carousel.getByText('3 / 3')).toBeVisible();
    await carousel.getByRole('button', { name: 'Next image' }).click();
    await expect(carousel.getByText('1 / 3')).toBeVisible();
    await carousel.getByRole('button', { name: 'Next image' }).click();
    await carousel.getByRole('button', { name: 'Next image' }).click();
    await carousel.getByRole('button', { name: 'Next image' }).click();
    await expect(carousel.getByText('1 / 3')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['PKI', 'Scan']);

    const single = await createPost(request, 'A post with exactly one picture.', 1);
    await page.goto(`/post/${single.id}`);
    await expect(page.getByRole('group', { name: `Images of ${single.name}` }).getByRole('img')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next image' })).toHaveCount(0);
  });

  test('a visitor likes a post and Back to Overview returns to the list', async ({ page, request }) => {
    const post = await createPost(request, 'A post worth a like from the visitors.', 0);
    await page.goto(`/post/${post.id}`);
    const like = page.getByRole('button', { name: /Like/ });
    await expect(like.getByTestId('like-count')).toHaveText('0');
    await like.click();
    await expect(like.getByTestId('like-count')).toHaveText('1');
    await expect(like).toHaveAttribute('aria-pressed', 'true');
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
});

test.describe('public vacancies', () => {
  interface Vacancy {
    id: number;
    title: string;
    function: string;
  }

  test('the list shows title and function; the card and View Vacancy open the vacancy', async ({ page, request }) => {
    const vacancies = (await (await request.get('/api/vacancy')).json()) as Vacancy[];
    const v = vacancies[0]!;
    await page.goto('/vacatures');
    await expect(page.getByRole('link', { name: /Main Page/ })).toHaveAttribute('href', '/#portfolio');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: v.title }) });
    await expect(card).toContainText(v.function);
    await card.getByRole('link', { name: /View Vacancy/ }).click();
    await expect(page).toHaveURL(new RegExp(`/vacancy/${v.id}$`));
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
    await expect(page).toHaveURL(new RegExp(`/vacancy/${v.id}$`));
  });

  test('/vacancy shows the default vacancy, id 1', async ({ page, request }) => {
    const res = await request.get('/api/vacancy/1');
    test.skip(!res.ok(), 'vacancy 1 was removed by another test');
    const v = (await res.json()) as Vacancy;
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
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/status of 500/);
    await page.goto('/vacatures');
    await expect(page.getByRole('link', { name: /View Vacancy/ }).first()).toBeVisible();
    // From now on every vacancy read fails, so the redirect target cannot show vacancy 1 either.
    await page.route(/\/api\/vacancy\/\d+$/, (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, error: 'x', message: 'x' } }),
    );
    await page
      .getByRole('link', { name: /View Vacancy/ })
      .first()
      .click();
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
