import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { DEFAULT_VACANCY_ID } from '@app/shared/constants';
import { pathTo, routeEntries, ROUTES, type RouteName } from '@app/shared/routes';
import { test, expect, type AdminApi } from '../fixtures';

const image = {
  name: 'og.png',
  mimeType: 'image/png',
  buffer: fs.readFileSync(path.resolve(import.meta.dirname, '../../apps/web/public/og-image.png')),
};

interface PageCheck {
  route: RouteName;
  path: string;
  /** Visible text the server HTML must hold before any script runs. */
  text: string[];
  jsonLd?: string;
}

/** The public pages, with a post (with an image) and a vacancy made for the check. */
async function publicPages(request: APIRequestContext, adminApi: AdminApi): Promise<PageCheck[]> {
  const post = await adminApi.createPost({ images: [image], tags: ['Seo Check'] });
  const vacancy = await adminApi.createVacancy();
  const settings = (await (await request.get('/api/settings')).json()) as {
    companyName: string;
    entities: { legalName: string }[];
  };
  const masthead = (await (await request.get('/api/masthead')).json()) as { mastheadTitle?: string };
  expect(masthead.mastheadTitle, 'the masthead title').toBeTruthy();
  const pages: PageCheck[] = [
    {
      route: 'home',
      path: pathTo(ROUTES.home),
      text: [masthead.mastheadTitle!, 'Our Services', 'Join Our Team', 'Contact Us', 'Copyright ©'],
      jsonLd: 'Organization',
    },
    { route: 'services', path: pathTo(ROUTES.services), text: ['Our Services', 'Digital signatures'] },
    { route: 'careers', path: pathTo(ROUTES.careers), text: ['Join Our Team', 'Office Manager'] },
    {
      route: 'vision',
      path: pathTo(ROUTES.vision),
      text: [`${settings.companyName}&#x27;s Vision`, 'Continuous Learning', 'Team Building'],
    },
    { route: 'about', path: pathTo(ROUTES.about), text: ['About Us', ...settings.entities.map((e) => e.legalName)] },
    {
      route: 'privacy',
      path: pathTo(ROUTES.privacy),
      text: ['Privacy notice', `${settings.companyName} and the personal data you send us.`],
    },
    { route: 'posts', path: pathTo(ROUTES.posts), text: ['Posts', post.name, 'Posted By:'] },
    {
      route: 'post',
      path: pathTo(ROUTES.post, { id: post.id, slug: post.slug }),
      text: [post.name, 'Back to Overview'],
      jsonLd: 'BlogPosting',
    },
    { route: 'tag', path: pathTo(ROUTES.tag, { tag: 'Seo Check' }), text: ['Posts tagged Seo Check', post.name] },
    { route: 'vacancies', path: pathTo(ROUTES.vacancies), text: ['Vacancies', vacancy.title, 'View Vacancy'] },
    {
      route: 'vacancy',
      path: pathTo(ROUTES.vacancy, { vacancyId: vacancy.id, slug: vacancy.slug }),
      text: [vacancy.title, 'Expectations', 'Offer'],
      jsonLd: 'JobPosting',
    },
  ];
  // Every public, indexable page of the shared route table is checked: a new one must join here.
  // (/vacancy only points at the default vacancy: its own test is below.)
  const indexable = routeEntries()
    .filter(([name, r]) => r.access === 'public' && !r.hidden && name !== 'defaultVacancy')
    .map(([name]) => name);
  expect(pages.map((p) => p.route).sort(), 'public pages of the shared route table').toEqual(indexable.sort());
  return pages;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

test('the server HTML of each public page holds its text, a unique title and the meta tags', async ({
  request,
  adminApi,
  baseURL,
}) => {
  const titles = new Set<string>();
  for (const p of await publicPages(request, adminApi)) {
    const res = await request.get(p.path);
    expect(res.status(), p.path).toBe(200);
    const html = await res.text();
    for (const t of p.text) expect(html, `${p.path} holds "${t}"`).toContain(t.includes('&#x27;') ? t : escapeHtml(t));
    const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
    expect(title, p.path).toBeTruthy();
    expect(titles.has(title!), `${p.path} has a unique title`).toBe(false);
    titles.add(title!);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}">/);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}${p.path === '/' ? '/' : p.path}">`);
    for (const tag of ['og:title', 'og:description', 'og:url', 'og:image', 'og:type'])
      expect(html, `${p.path} ${tag}`).toContain(`<meta property="${tag}"`);
    for (const tag of ['twitter:card', 'twitter:title', 'twitter:image'])
      expect(html, `${p.path} ${tag}`).toContain(`<meta name="${tag}"`);
    if (p.jsonLd) {
      const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/g)].map(
        (m) => JSON.parse(m[1]!) as Record<string, unknown>,
      );
      const ld = blocks.find((b) => b['@type'] === p.jsonLd);
      expect(ld, `${p.path} JSON-LD ${p.jsonLd}`).toBeTruthy();
      if (p.jsonLd === 'JobPosting') {
        expect(ld).toMatchObject({
          employmentType: 'FULL_TIME',
          hiringOrganization: { '@type': 'Organization' },
          jobLocation: { address: { addressLocality: 'Antwerp', addressCountry: 'BE' } },
        });
        expect(ld!['datePosted']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(ld!['title']).toBeTruthy();
        expect(ld!['description']).toBeTruthy();
      }
      if (p.jsonLd === 'BlogPosting')
        expect(ld).toMatchObject({ headline: expect.any(String), datePublished: expect.any(String) });
    }
  }
});

test('the /vacancy page points its canonical URL at the default vacancy', async ({ request, baseURL, adminApi }) => {
  const v = await adminApi.vacancy(DEFAULT_VACANCY_ID);
  const res = await request.get('/vacancy');
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain(
    `<link rel="canonical" href="${baseURL}/vacancy/${DEFAULT_VACANCY_ID}/${v.slug}">`,
  );
});

test('every public page passes axe without serious or critical violations', async ({ page, request, adminApi }) => {
  test.setTimeout(120_000);
  const pages = (await publicPages(request, adminApi)).map((p) => p.path);
  for (const path of [...pages, '/vacancy']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    const bad = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(bad, `axe on ${path}`).toEqual([]);
  }
});

test('every public page hydrates without console errors', async ({ page, request, adminApi }) => {
  test.setTimeout(60_000);
  // JavaScript on: the page is taken over by React (which then marks <html data-ready="true">);
  // a hydration mismatch or any other error in the console fails the test (see fixtures.ts).
  for (const p of [...(await publicPages(request, adminApi)).map((x) => x.path), '/vacancy', '/login']) {
    await page.goto(p);
    await expect(page.locator('html'), `${p} hydrates`).toHaveAttribute('data-ready', 'true');
  }
  // Hydrated means interactive: the vision carousel answers its buttons.
  await page.goto('/#vision');
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
  const carousel = page.getByRole('region', { name: 'Vision cards' });
  await carousel.getByRole('button', { name: 'Next vision' }).click();
  await expect(carousel).toHaveAttribute('data-selected', '1');
});

test('the app starts after the first paint, also in a browser without paint timing', async ({ page }) => {
  // The page's starter waits for the paint (decision 0090); without the API it must not wait forever.
  await page.addInitScript(() => {
    delete (window as { PerformanceObserver?: unknown }).PerformanceObserver;
  });
  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
});

test('pages are readable without JavaScript', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-ready', 'true');
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  await context.close();
});
