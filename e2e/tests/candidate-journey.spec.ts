import { brusselsDate } from '@app/shared/brussels';
import { ROLE_USER } from '@app/shared/constants';
import { CANDIDATES_MSG } from '@app/shared/messages/candidates';
import nl from '@app/shared/messages/translations/nl';
import type { CandidatePage } from '@app/shared/schemas/candidates';
import { CANDIDATE_MAIL_DEFAULTS } from '../../apps/server/src/modules/candidates/template-defaults';
import { expect, gotoReady, mailPeer, signIn, test, unique, type Page } from '../fixtures';
import type { AdminApi } from '../admin-api';
import type { PeerMail } from '../mail-peer';

/** A small but well-formed PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const CV = { name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF };
const PASSWORD = 'Journey-password-1';

const hasCalendar = (mail: PeerMail) =>
  mail.attachments.some((a) => a.filename.endsWith('.ics') && a.contentType.startsWith('text/calendar'));

/** The candidates of a vacancy, as the pipeline's list answers them. */
const candidatesOf = (api: AdminApi, vacancyId: number) =>
  api.call<CandidatePage>('GET', `/candidates?vacancy=${vacancyId}`, 200);

/** Moves the candidate whose page is open through the stage menu (keyboard reachable). */
async function moveTo(page: Page, fullName: string, stage: string, reason?: string) {
  await page.getByRole('button', { name: `Move ${fullName} to…` }).click();
  await page.getByRole('menuitem', { name: stage, exact: true }).click();
  if (reason !== undefined) {
    const dialog = page.getByRole('dialog', { name: `Move ${fullName} to ${stage}` });
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: `Move to ${stage}` }).click();
  }
  await expect(page.getByText(`${fullName} moved to ${stage}.`)).toBeVisible();
}

/**
 * The recruiting pipeline's whole journey: a Dutch application through the public form, screened,
 * interviewed by two staff members (each gets the .ics through the real SMTP peer, one leaves
 * feedback in the personnel area), offered and hired; a French candidate rejected with the French
 * rejection mail, which cannot be sent twice.
 */
test('a Dutch applicant is screened, interviewed by two, offered and hired; a French one is rejected in French', async ({
  page,
  browser,
  adminApi,
}) => {
  test.setTimeout(180_000);
  const who = unique();
  const recruiter = { email: `recruiter.${who}@staff.example`, password: PASSWORD };
  const ann = { email: `ann.${who}@staff.example`, password: PASSWORD };
  const bob = { email: `bob.${who}@staff.example`, password: PASSWORD };
  await adminApi.createUser(recruiter.email, recruiter.password, 'ROLE_RECRUITER');
  await adminApi.createUser(ann.email, ann.password, ROLE_USER);
  await adminApi.createUser(bob.email, bob.password, ROLE_USER);
  const vacancy = await adminApi.createVacancy({ title: `Security engineer ${who}` });

  // Lotte applies on the vacancy's Dutch page, with her CV, and agrees to be kept.
  const lotte = { fullName: `Lotte ${who}`, email: `lotte.${who}@visitor.example` };
  await gotoReady(page, `/nl/vacancy/${vacancy.id}/${vacancy.slug}`);
  const form = page.getByRole('form', { name: nl.site.applicationForm });
  await form.getByLabel(new RegExp(`^${nl.site.fullName}`)).fill(lotte.fullName);
  await form.getByLabel(new RegExp(`^${nl.site.email}`)).fill(lotte.email);
  await form.getByLabel(new RegExp(`^${nl.site.message}`)).fill('Ik solliciteer graag voor deze functie.');
  await form.getByLabel(new RegExp(`^(${nl.site.cv}|${nl.site.attachment})`)).setInputFiles(CV);
  await form.getByRole('checkbox', { name: /toekomstige vacatures/ }).check();
  await form.getByRole('checkbox', { name: nl.site.captchaLabel }).click();
  await expect(form.getByText(nl.site.captchaVerified, { exact: true })).toBeVisible();
  await form.getByRole('button', { name: nl.site.submit }).click();
  await expect(form.getByRole('alert')).toHaveText(nl.public.mailSent);

  // Camille applies in French through the API, as the French page would.
  const camille = { fullName: `Camille ${who}`, email: `camille.${who}@visitor.example` };
  await adminApi.submitContactMessage({
    ...camille,
    message: 'Je souhaite postuler.',
    vacancyId: vacancy.id,
    file: CV,
    language: 'fr-BE,fr;q=0.9',
  });

  // The recruiter finds both on the vacancy's board, in New, and screens Lotte.
  await signIn(page, recruiter.email, recruiter.password);
  await expect(page).toHaveURL(/\/admin$/);
  await gotoReady(page, `/candidates?vacancy=${vacancy.id}`);
  const newColumn = page.getByRole('region', { name: /^New: / });
  await expect(newColumn.getByRole('listitem', { name: lotte.fullName })).toBeVisible();
  await expect(newColumn.getByRole('listitem', { name: camille.fullName })).toBeVisible();
  await newColumn.getByRole('link', { name: lotte.fullName }).click();
  await expect(page.getByRole('heading', { level: 1, name: lotte.fullName })).toBeVisible();
  await expect(page.getByText('Nederlands', { exact: true })).toBeVisible();
  await expect(page.getByTitle(`CV of ${lotte.fullName}`)).toHaveAttribute('src', /^blob:/);
  await moveTo(page, lotte.fullName, 'Screening');

  // An interview with Ann and Bob, the day after tomorrow at 10:00 in Brussels.
  await page.getByRole('button', { name: 'Schedule interview' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule interview' });
  const day = brusselsDate(new Date(Date.now() + 2 * 86_400_000));
  await dialog.getByLabel('Date and time (Brussels time)').fill(`${day}T10:00`);
  await dialog.getByLabel('Duration (minutes)').fill('45');
  await dialog.getByLabel('Place').fill('Antwerp office, room 2');
  await dialog.getByRole('combobox', { name: 'Interviewers' }).click();
  await page.getByRole('option', { name: new RegExp(ann.email.replace(/\./g, '\\.')) }).click();
  await page.getByRole('option', { name: new RegExp(bob.email.replace(/\./g, '\\.')) }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Schedule and notify' }).click();
  await expect(dialog).toBeHidden();
  for (const person of [ann, bob]) {
    const invitation = await mailPeer.waitFor((m) => m.to.includes(person.email), `the invitation to ${person.email}`);
    expect(hasCalendar(invitation), 'an .ics calendar attachment').toBe(true);
    expect(invitation.subject).toContain(lotte.fullName);
  }

  // Lotte's invitation, previewed in Dutch, then sent with its calendar file.
  await page.getByRole('button', { name: 'Invite to interview' }).click();
  const preview = page.getByRole('dialog', { name: /^Invite to the interview of / });
  const subject = CANDIDATE_MAIL_DEFAULTS.invitation.nl.subject.replace('{vacancy}', vacancy.title);
  await expect(preview.getByText(subject)).toBeVisible();
  await preview.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(preview).toBeHidden();
  const invited = await mailPeer.waitFor((m) => m.to.includes(lotte.email) && m.subject === subject, 'her invitation');
  expect(hasCalendar(invited)).toBe(true);
  await moveTo(page, lotte.fullName, 'Interview');
  const candidateUrl = page.url();
  const lotteId = Number(new URL(candidateUrl).pathname.split('/').pop());

  // Ann leaves her feedback from the personnel area.
  const annContext = await browser.newContext();
  const annPage = await annContext.newPage();
  await signIn(annPage, ann.email, ann.password);
  await expect(annPage).toHaveURL(/\/personel$/);
  await annPage.getByRole('link', { name: 'Interviews' }).first().click();
  await annPage.getByRole('link', { name: lotte.fullName }).click();
  await expect(annPage.getByRole('heading', { level: 1, name: lotte.fullName })).toBeVisible();
  await annPage.getByRole('radio', { name: 'Strong yes' }).check();
  await annPage.getByLabel('Your notes').fill('Sharp on threat modelling.');
  await annPage.getByRole('button', { name: 'Save feedback' }).click();
  await expect(annPage.getByText('Your feedback is saved.')).toBeVisible();
  await annContext.close();

  // Bob interviews Lotte only: Camille's page is refused to him.
  const camilleId = (await candidatesOf(adminApi, vacancy.id)).items.find((c) => c.email === camille.email)!.id;
  const bobContext = await browser.newContext();
  const bobPage = await bobContext.newPage();
  await signIn(bobPage, bob.email, bob.password);
  await expect(bobPage).toHaveURL(/\/personel$/);
  await gotoReady(bobPage, `/personel/interviews/candidate/${camilleId}`);
  await expect(bobPage.getByText(CANDIDATES_MSG.notYourCandidate)).toBeVisible();
  await bobContext.close();

  // The recruiter sees Ann's feedback, makes the offer and hires Lotte.
  await page.reload();
  const interviews = page.getByRole('region', { name: 'Interviews' });
  await expect(interviews.getByText('Strong yes')).toBeVisible();
  await expect(interviews.getByText('Sharp on threat modelling.')).toBeVisible();
  await moveTo(page, lotte.fullName, 'Offer');
  await moveTo(page, lotte.fullName, 'Hired');
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText('Moved from Offer to Hired')).toBeVisible();
  const lotteNow = (await candidatesOf(adminApi, vacancy.id)).items.find((c) => c.id === lotteId)!;
  expect(lotteNow.stage).toBe('hired');

  // Camille is rejected, and hears it in French, once.
  await gotoReady(page, `/candidate/${camilleId}`);
  await expect(page.getByRole('heading', { level: 1, name: camille.fullName })).toBeVisible();
  await moveTo(page, camille.fullName, 'Rejected', 'Another candidate fits the team better.');
  await page.getByRole('button', { name: 'Send rejection' }).click();
  const rejection = page.getByRole('dialog', { name: 'Send rejection' });
  const frenchSubject = CANDIDATE_MAIL_DEFAULTS.rejection.fr.subject.replace('{vacancy}', vacancy.title);
  await expect(rejection.getByText(frenchSubject)).toBeVisible();
  await expect(rejection.getByText('Français', { exact: true })).toBeVisible();
  await rejection.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(rejection).toBeHidden();
  const mail = await mailPeer.waitFor(
    (m) => m.to.includes(camille.email) && m.subject === frenchSubject,
    'the rejection',
  );
  expect(mail.text).toContain(`Madame, Monsieur ${camille.fullName}`);
  await expect(page.getByRole('button', { name: 'Send rejection' })).toBeDisabled();
});

/** A candidate whose vacancy closed longer ago than the retention period is erased by the job itself. */
test('the retention job erases a candidate once the period after the vacancy closed has ended', async ({
  adminApi,
}) => {
  // RETENTION_INTERVAL is one minute in the e2e server (playwright.config.ts).
  test.setTimeout(180_000);
  const who = unique();
  const vacancy = await adminApi.createVacancy({ title: `Office manager ${who}` });
  const email = `noor.${who}@visitor.example`;
  await adminApi.submitContactMessage({
    fullName: `Noor ${who}`,
    email,
    message: 'Graag.',
    vacancyId: vacancy.id,
    file: CV,
  });
  const id = (await candidatesOf(adminApi, vacancy.id)).items[0]!.id;

  // The vacancy closed years ago (its closing date), far beyond CANDIDATE_RETENTION_MONTHS.
  await adminApi.call('PUT', `/vacancy/${vacancy.id}`, 200, {
    data: {
      id: vacancy.id,
      title: vacancy.title,
      expectation: vacancy.expectation,
      function: vacancy.function,
      description: vacancy.description,
      offer: vacancy.offer,
      version: vacancy.version,
      closingDate: '2020-01-31',
    },
  });

  await expect
    .poll(async () => (await adminApi.fetch('GET', `/candidates/${id}`)).status(), {
      message: 'the retention job erases the candidate',
      timeout: 150_000,
      intervals: [2_000],
    })
    .toBe(404);
  const audit = await adminApi.call<{ items: { action: string; recordId: string | null }[] }>(
    'GET',
    '/audit?area=candidates&action=erase',
    200,
  );
  expect(audit.items.some((row) => row.recordId === String(id))).toBe(true);
});
