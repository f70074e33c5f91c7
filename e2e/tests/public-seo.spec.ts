import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from '../fixtures';

interface PageCheck {
  path: string;
  /** Visible text the server HTML must hold before any script runs. */
  text: string[];
  jsonLd?: string;
}

async function publicPages(request: APIRequestContext): Promise<PageCheck[]> {
  const posts = (await (await request.get('/api/posts')).json()) as { id: number; name: string }[];
  const vacancies = (await (await request.get('/api/vacancy')).json()) as {
    id: number;
    title: string;
    function: string;
  }[];
  const settings = (await (await request.get('/api/settings')).json()) as {
    companyName: string;
    entities: { legalName: string }[];
  };
  const masthead = (await (await request.get('/api/masthead')).json()) as { mastheadTitle?: string };
  const post = posts[0]!;
  const vacancy = vacancies[0]!;
  return [
    {
      path: '/',
      text: [masthead.mastheadTitle ?? 'Our Services', 'Our Services', 'Join Our Team', 'Contact Us', 'Copyright ©'],
      jsonLd: 'Organization',
    },
    { path: '/services', text: ['Our Services', 'Digital signatures'] },
    { path: '/careers', text: ['Join Our Team', 'Office Manager'] },
    { path: '/vision', text: [`${settings.companyName}&#x27;s Vision`, 'Continuous Learning', 'Team Building'] },
    { path: '/about', text: ['About Us', ...settings.entities.map((e) => e.legalName)] },
    { path: '/post', text: ['Posts', post.name, 'Posted By:'] },
    { path: `/post/${post.id}`, text: [post.name, 'Back to Overview'], jsonLd: 'BlogPosting' },
    { path: '/vacatures', text: ['Vacancies', vacancy.title, 'View Vacancy'] },
    { path: `/vacancy/${vacancy.id}`, text: [vacancy.title, 'Expectations', 'Offer'], jsonLd: 'JobPosting' },
  ];
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

test('the server HTML of each public page holds its text, a unique title and the meta tags', async ({
  request,
  baseURL,
}) => {
  const titles = new Set<string>();
  for (const p of await publicPages(request)) {
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

test('the /vacancy page points its canonical URL at the default vacancy', async ({ request, baseURL }) => {
  const res = await request.get('/vacancy');
  const html = await res.text();
  if ((await request.get('/api/vacancy/1')).ok())
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/vacancy/1">`);
});

test('every public page passes axe without serious or critical violations', async ({ page, request }) => {
  test.setTimeout(120_000);
  const pages = (await publicPages(request)).map((p) => p.path);
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

test('pages hydrate without errors and are readable without JavaScript', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Our Services' })).toBeVisible();
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  await context.close();
});
