import { brusselsDate } from '@app/shared/brussels';
import { chooseOption, expect, gotoReady, test, unique } from '../fixtures';

/** A Brussels day `days` from today. */
const day = (days: number) => brusselsDate(new Date(Date.now() + days * 86_400_000));
const jsonLd = (html: string, type: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/g)]
    .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
    .find((b) => b['@type'] === type);

test.describe('public vacancy pages', () => {
  test('/vacancy/{id} and an old slug answer 301 to /vacancy/{id}/{slug}, the canonical URL', async ({
    request,
    adminApi,
    baseURL,
  }) => {
    const v = await adminApi.createVacancy({ title: `Sécurité Analyst ${unique()}` });
    expect(v.slug).toMatch(/^securite-analyst-/);
    for (const old of [`/vacancy/${v.id}`, `/vacancy/${v.id}/an-old-title`]) {
      const res = await request.get(old, { maxRedirects: 0 });
      expect(res.status(), old).toBe(301);
      expect(res.headers()['location'], old).toBe(`/vacancy/${v.id}/${v.slug}`);
    }
    const page = await request.get(`/vacancy/${v.id}/${v.slug}`, { maxRedirects: 0 });
    expect(page.status()).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/vacancy/${v.id}/${v.slug}">`);
    expect(html).toContain(`<meta property="og:url" content="${baseURL}/vacancy/${v.id}/${v.slug}">`);
    expect(html).not.toContain('noindex');
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${baseURL}/vacancy/${v.id}/${v.slug}</loc>`);
  });

  test('employment type and location show on the list and the page and go into JobPosting with validThrough', async ({
    page,
    request,
    adminApi,
  }) => {
    const closingDate = day(20);
    const v = await adminApi.createVacancy({ employmentType: 'PART_TIME', location: 'Ghent, Belgium', closingDate });
    await gotoReady(page, '/vacatures');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: v.title }) });
    await expect(card).toContainText('Part time · Ghent, Belgium');
    await card.getByRole('link', { name: /View Vacancy/ }).click();
    await expect(page).toHaveURL(new RegExp(`/vacancy/${v.id}/${v.slug}$`));
    await expect(page.getByText(/^Part time · Ghent, Belgium · /)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Apply for this position' })).toBeVisible();

    const ld = jsonLd(await (await request.get(`/vacancy/${v.id}/${v.slug}`)).text(), 'JobPosting');
    expect(ld).toMatchObject({
      employmentType: 'PART_TIME',
      jobLocation: { '@type': 'Place', address: { addressLocality: 'Ghent', addressCountry: 'BE' } },
    });
    expect(ld!['validThrough']).toBe(closingDate);
  });

  test('a closed vacancy leaves the list and the sitemap; its page says the position is filled, links to open ones and is noindex', async ({
    page,
    request,
    adminApi,
    baseURL,
  }) => {
    const open = await adminApi.createVacancy();
    const closed = await adminApi.createVacancy({ status: 'closed' });
    const expired = await adminApi.createVacancy({ closingDate: day(-2) });
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const gone of [closed, expired]) {
      expect(sitemap).not.toContain(`${baseURL}/vacancy/${gone.id}/`);
      const html = await (await request.get(`/vacancy/${gone.id}/${gone.slug}`)).text();
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(jsonLd(html, 'JobPosting')).toBeUndefined();
    }
    await gotoReady(page, '/vacatures');
    await expect(page.getByRole('heading', { name: open.title })).toBeVisible();
    await expect(page.getByRole('heading', { name: closed.title })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: expired.title })).toHaveCount(0);

    await gotoReady(page, `/vacancy/${expired.id}/${expired.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(expired.title);
    await expect(page.getByRole('heading', { name: 'This position has been filled.' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Apply for this position' })).toHaveCount(0);
    await page.getByRole('link', { name: open.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/vacancy/${open.id}/${open.slug}$`));
  });
});

test.describe('vacancy publishing in the back office', () => {
  test.use({ signedInAs: 'admin' });

  test('staff create a closed part-time vacancy with its own slug, see its status, and reopen it', async ({
    page,
    adminApi,
  }) => {
    const title = `Freelance Pentester ${unique()}`;
    const slug = `freelance-pentester-${unique()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')}`.replace(/-+$/, '');
    await gotoReady(page, '/create-vacancy');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Offer').fill('Day rate.');
    await chooseOption(page.getByLabel('Status'), 'Closed');
    await chooseOption(page.getByLabel('Employment type'), 'Contractor');
    await page.getByLabel('Location').fill('Brussels, Belgium');
    await page.getByLabel('Slug').fill('Not A Slug');
    await page.getByLabel('Slug').blur();
    await expect(
      page.getByText('The slug may hold only lower-case letters, digits and single hyphens (at most 80).'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await page.getByLabel('Slug').fill(slug);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(`Your Vacature has been submitted: ${title}`)).toBeVisible();

    const saved = (await adminApi.allVacancies()).find((v) => v.title === title)!;
    expect(saved).toMatchObject({
      status: 'closed',
      employmentType: 'CONTRACTOR',
      location: 'Brussels, Belgium',
      slug,
    });

    await gotoReady(page, '/overview-vacancies');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card.getByTestId('vacancy-status')).toHaveText('Status: Closed · Contractor · Brussels, Belgium');
    await card.getByRole('link', { name: 'View Vacancy' }).click();
    const view = page.getByRole('article');
    await expect(view.getByTestId('vacancy-status')).toHaveText('Status: Closed · Contractor · Brussels, Belgium');
    await expect(view.getByRole('link', { name: `/vacancy/${saved.id}/${slug}` })).toBeVisible();
    await page.getByRole('button', { name: 'Reopen Vacancy' }).click();
    await expect(page.getByText('The vacancy is open again.')).toBeVisible();
    await expect(view.getByTestId('vacancy-status')).toHaveText('Status: Open · Contractor · Brussels, Belgium');
    await expect(page.getByRole('button', { name: 'Reopen Vacancy' })).toHaveCount(0);
    expect((await adminApi.vacancies()).map((v) => v.id)).toContain(saved.id);
  });

  test('the edit screen sets a closing date, and an expired vacancy says so and can be reopened', async ({
    page,
    adminApi,
  }) => {
    const v = await adminApi.createVacancy();
    await gotoReady(page, `/edit-vacancy/${v.id}`);
    await expect(page.getByLabel('Status')).toHaveText('Open');
    await page.getByLabel('Closing date').fill(day(-1));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/overview-vacancies$/);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: v.title }) });
    await expect(card.getByTestId('vacancy-status')).toContainText(/^Status: Closed \(closing date .+ passed\)/);
    expect((await adminApi.vacancies()).map((x) => x.id)).not.toContain(v.id);
    await card.getByRole('link', { name: 'View Vacancy' }).click();
    await page.getByRole('button', { name: 'Reopen Vacancy' }).click();
    await expect(page.getByRole('article').getByTestId('vacancy-status')).toHaveText(
      'Status: Open · Full time · Antwerp, Belgium',
    );
    expect((await adminApi.vacancies()).map((x) => x.id)).toContain(v.id);
  });
});
