import fr from '@app/shared/messages/translations/fr';
import nl from '@app/shared/messages/translations/nl';
import { VISITOR_MAIL_MSG as FR_MAIL } from '@app/shared/messages/fr/visitor-mail';
import { expect, gotoReady, mailPeer, test, unique } from '../fixtures';

/** A small but well-formed PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

interface Translated {
  id: number;
  name: string;
  slug: string;
  language: string;
  translations: { language: string; slug: string }[];
}

/**
 * The languages' whole journey, as one visitor walks it: Dutch pages, the switch to French on the
 * same post, a French application (its errors and its confirmation mail in French), and the Dutch
 * pages found through the sitemap and the Dutch feed.
 */
test('a Dutch visitor reads in Dutch, switches to French, applies in French and finds the Dutch pages', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The home page in Dutch.
  await gotoReady(page, '/nl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl-BE');
  await expect(page.getByRole('navigation', { name: nl.site.navMain })).toBeVisible();

  // A post in Dutch, opened from the Dutch list.
  const dutchPosts = (await (await page.request.get('/api/posts?lang=nl')).json()) as Translated[];
  const post = dutchPosts.find((p) => p.translations.some((t) => t.language === 'fr'))!;
  expect(post, 'a demo post published in Dutch and French').toBeDefined();
  await gotoReady(page, '/nl/post');
  await page.getByRole('link', { name: post.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`/nl/post/${post.id}/${post.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: post.name })).toBeVisible();

  // The same post in French, through the switcher.
  const french = (await (await page.request.get(`/api/posts/${post.id}?lang=fr`)).json()) as Translated;
  expect(french.language).toBe('fr');
  await page.getByRole('list', { name: nl.site.languageNav }).getByRole('link', { name: 'Français' }).click();
  await expect(page).toHaveURL(new RegExp(`/fr/post/${post.id}/${french.slug}$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-BE');
  await expect(page.getByRole('heading', { level: 1, name: french.name })).toBeVisible();

  // A vacancy in Dutch, then the application on its French page.
  const vacancies = (await (await page.request.get('/api/vacancy?lang=nl')).json()) as (Translated & {
    title: string;
  })[];
  const vacancy = vacancies.find((v) => v.translations.some((t) => t.language === 'fr'))!;
  expect(vacancy, 'a demo vacancy published in Dutch and French').toBeDefined();
  await gotoReady(page, '/nl/vacatures');
  await page.getByRole('link', { name: vacancy.title }).first().click();
  await expect(page).toHaveURL(new RegExp(`/nl/vacancy/${vacancy.id}/`));
  await expect(page.getByRole('heading', { level: 1, name: vacancy.title })).toBeVisible();
  const frenchVacancy = (await (await page.request.get(`/api/vacancy/${vacancy.id}?lang=fr`)).json()) as {
    title: string;
  };
  await page.getByRole('list', { name: nl.site.languageNav }).getByRole('link', { name: 'Français' }).click();
  await expect(page).toHaveURL(new RegExp(`/fr/vacancy/${vacancy.id}/`));

  const form = page.getByRole('form', { name: fr.site.applicationForm });
  const who = unique();
  const email = `camille.${who}@visitor.example`;
  await form.getByLabel(new RegExp(`^${fr.site.fullName}`)).fill(`Camille ${who}`);
  const address = form.getByLabel(new RegExp(`^${fr.site.email}`));
  await address.fill('pas-une-adresse');
  await address.blur();
  await expect(address).toHaveAccessibleDescription(fr.contact.emailInvalidContact);
  await address.fill(email);
  await form.getByLabel(new RegExp(`^${fr.site.phoneNumber}`)).fill('+32 2 123 45 67');
  await form.getByLabel(new RegExp(`^${fr.site.message}`)).fill('Je souhaite postuler à cette offre.');
  await form.getByLabel(new RegExp(`^(${fr.site.cv}|${fr.site.attachment})`)).setInputFiles({
    name: 'cv.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await form.getByRole('checkbox', { name: fr.site.captchaLabel }).click();
  await expect(form.getByText(fr.site.captchaVerified, { exact: true })).toBeVisible();
  await form.getByRole('button', { name: fr.site.submit }).click();
  await expect(form.getByRole('alert')).toHaveText(fr.public.mailSent);
  const confirmation = await mailPeer.waitFor((m) => m.to.includes(email), 'the French confirmation');
  expect(confirmation.subject).toContain(FR_MAIL.confirmationSubjectApplication(frenchVacancy.title));

  // The Dutch pages through the sitemap and the Dutch feed.
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`/nl/post/${post.id}/${post.slug}</loc>`);
  expect(sitemap).toContain(`hreflang="fr-BE" href="`);
  const feed = await (await page.request.get('/nl/rss.xml')).text();
  expect(feed).toContain(`/nl/post/${post.id}/${post.slug}`);
  expect(feed).toContain(post.name.replace(/&/g, '&amp;'));
});
