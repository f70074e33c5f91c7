import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { LOCALES } from '@app/shared/locales';
import { CANDIDATES_MSG } from '@app/shared/messages/candidates';
import { CANDIDATE_MAIL_KINDS, type CandidateMailPreview, type MailTemplate } from '@app/shared/schemas/candidates';
import { buildTestApp, call, login, tokenFor } from '../../../test/helper';
import { insertCandidate } from '../../../test/candidate-fixtures';
import { activeMailboxFor, freePort } from '../../../test/mail-fixtures';
import { startSmtpPeer, type SmtpPeer } from '../../../test/smtp-peer';
import { until } from '../../../test/until';
import {
  auditLog,
  candidateEvents,
  candidates,
  contactMessages,
  interviewInterviewers,
  interviews,
  vacancies,
  vacancyTranslations,
} from '../../db/schema';
import { contentRepository } from '../content';
import { mailboxKey } from '../mail-settings';
import { createMailWorker } from '../outbox';
import { CANDIDATE_MAIL_DEFAULTS, POOL_VACANCY_NAME } from './template-defaults';

/**
 * Candidate mails (decision 0160): the templates staff edit per kind and language, the preview in
 * the candidate's language, and sending through the outbox to a real SMTP peer.
 */
let app: FastifyInstance;
let admin: string;
let peer: SmtpPeer;
let company: string;
let vacancyId: number;

beforeAll(async () => {
  const port = await freePort();
  app = await buildTestApp({ smtpAllowedPorts: [port] });
  admin = await login(app);
  peer = await startSmtpPeer({ port });
  await activeMailboxFor(app, admin, port, { username: 'jobs@company.example' });
  company = (await contentRepository(app.db).findSettings())!.companyName.trim();
  vacancyId = (
    await app.db
      .insert(vacancies)
      .values({ title: 'Java Developer', offer: 'o', slug: `java-${crypto.randomUUID()}` })
      .returning({ id: vacancies.id })
  )[0]!.id;
  await app.db.insert(vacancyTranslations).values([
    {
      vacancyId,
      language: 'nl',
      title: 'Java-ontwikkelaar',
      slug: 'java-nl',
      offer: 'o',
      status: 'published',
      sourceDigest: 'x',
    },
    {
      vacancyId,
      language: 'fr',
      title: 'Développeur Java',
      slug: 'java-fr',
      offer: 'o',
      status: 'published',
      sourceDigest: 'x',
    },
  ]);
});
afterAll(async () => {
  await app.close();
  await peer.close();
});

const templatesUrl = '/api/candidate-mail-templates';
const templateUrl = (kind: string, language: string) => `${templatesUrl}/${kind}/${language}`;
const preview = (id: number, payload: object, token = admin) =>
  call(app, { method: 'POST', url: `/api/candidates/${id}/mails/preview`, payload, token });
const send = (id: number, payload: object, token = admin) =>
  call(app, { method: 'POST', url: `/api/candidates/${id}/mails`, payload, token });
const templates = async () =>
  (await call(app, { method: 'GET', url: templatesUrl, token: admin })).json() as MailTemplate[];
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
const outboxRowsTo = (email: string) =>
  app.db
    .select()
    .from(contactMessages)
    .where(and(eq(contactMessages.kind, 'candidate'), eq(contactMessages.email, email)));
const mailEntries = (candidateId: number) =>
  app.db
    .select()
    .from(candidateEvents)
    .where(and(eq(candidateEvents.candidateId, candidateId), eq(candidateEvents.kind, 'mail')));

async function scheduledInterview(candidateId: number, interviewerIds: number[] = []) {
  const [row] = await app.db
    .insert(interviews)
    .values({
      candidateId,
      startsAt: new Date('2030-03-14T09:30:00Z'),
      durationMinutes: 45,
      location: 'Meir 1, Antwerpen',
      videoLink: 'https://meet.example/abc',
      uid: `${crypto.randomUUID()}@redwall.test`,
      sequence: 2,
    })
    .returning();
  if (interviewerIds.length)
    await app.db
      .insert(interviewInterviewers)
      .values(interviewerIds.map((userId) => ({ interviewId: row!.id, userId })));
  return row!;
}

describe('candidate mail templates', () => {
  it('lists the built-in default of every kind in every language', async () => {
    const list = await templates();
    expect(list).toHaveLength(CANDIDATE_MAIL_KINDS.length * LOCALES.length);
    for (const kind of CANDIDATE_MAIL_KINDS)
      for (const language of LOCALES)
        expect(list.find((t) => t.kind === kind && t.language === language)).toEqual({
          kind,
          language,
          ...CANDIDATE_MAIL_DEFAULTS[kind][language],
          isDefault: true,
          updatedAt: null,
        });
  });

  it('stores a changed text, audits it, and goes back to the default', async () => {
    const saved = await call(app, {
      method: 'PUT',
      url: templateUrl('acknowledgement', 'nl'),
      token: admin,
      payload: { subject: '  Ontvangen: {vacancy} ', body: 'Dag {name}, we hebben het.' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ subject: 'Ontvangen: {vacancy}', isDefault: false });
    const stored = (await templates()).find((t) => t.kind === 'acknowledgement' && t.language === 'nl')!;
    expect(stored).toMatchObject({
      subject: 'Ontvangen: {vacancy}',
      body: 'Dag {name}, we hebben het.',
      isDefault: false,
    });
    expect(Date.parse(stored.updatedAt!)).toBeGreaterThan(Date.now() - 60_000);
    // The others keep their defaults.
    expect((await templates()).filter((t) => !t.isDefault)).toHaveLength(1);
    const audited = await app.db.select().from(auditLog).where(eq(auditLog.area, 'candidate-mails'));
    expect(audited.map((a) => [a.action, a.recordId])).toEqual([['update', 'acknowledgement/nl']]);

    const reset = await call(app, { method: 'DELETE', url: templateUrl('acknowledgement', 'nl'), token: admin });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({
      kind: 'acknowledgement',
      language: 'nl',
      ...CANDIDATE_MAIL_DEFAULTS.acknowledgement.nl,
      isDefault: true,
      updatedAt: null,
    });
    expect((await templates()).every((t) => t.isDefault)).toBe(true);
  });

  it('refuses an empty subject, an unknown kind and an unknown language', async () => {
    const empty = await call(app, {
      method: 'PUT',
      url: templateUrl('rejection', 'en'),
      token: admin,
      payload: { subject: ' ', body: 'x' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toContainEqual({ field: 'subject', message: CANDIDATES_MSG.subjectRequired });
    const kind = await call(app, {
      method: 'PUT',
      url: templateUrl('offer', 'en'),
      token: admin,
      payload: { subject: 's', body: 'b' },
    });
    expect(kind.statusCode).toBe(400);
    const language = await call(app, { method: 'DELETE', url: templateUrl('rejection', 'de'), token: admin });
    expect(language.statusCode).toBe(400);
  });
});

describe('candidate mails', () => {
  it("previews in the candidate's language with the vacancy's title in that language", async () => {
    const nl = await insertCandidate(app, {
      fullName: 'Jan Peeters',
      language: 'nl',
      vacancyId,
      vacancyTitle: 'Java Developer',
    });
    const res = await preview(nl.candidateId, { kind: 'acknowledgement' });
    expect(res.statusCode).toBe(200);
    const values = { name: 'Jan Peeters', vacancy: 'Java-ontwikkelaar', company };
    expect(res.json()).toEqual({
      to: expect.stringMatching(/@example\.com$/),
      language: 'nl',
      subject: 'Uw sollicitatie voor Java-ontwikkelaar',
      body: fill(CANDIDATE_MAIL_DEFAULTS.acknowledgement.nl.body, values),
    });
    expect((res.json() as CandidateMailPreview).body).toMatch(/^Beste Jan Peeters,/);

    const fr = await insertCandidate(app, {
      fullName: 'Claire Dubois',
      language: 'fr',
      vacancyId,
      vacancyTitle: 'Java Developer',
    });
    const frRes = (await preview(fr.candidateId, { kind: 'rejection' })).json() as CandidateMailPreview;
    expect(frRes.language).toBe('fr');
    expect(frRes.subject).toBe('Votre candidature pour Développeur Java');
    expect(frRes.body).toContain('nous avons décidé de ne pas donner suite');
    expect(frRes.body).toContain(company);

    // The pool has words of its own; a vacancy without a translation keeps the title applied for.
    const pool = await insertCandidate(app, { language: 'fr' });
    expect(
      ((await preview(pool.candidateId, { kind: 'acknowledgement' })).json() as CandidateMailPreview).subject,
    ).toBe(`Votre candidature pour ${POOL_VACANCY_NAME.fr}`);
    const en = await insertCandidate(app, { language: 'en', vacancyId: null, vacancyTitle: 'Old role' });
    expect(((await preview(en.candidateId, { kind: 'acknowledgement' })).json() as CandidateMailPreview).subject).toBe(
      'Your application for Old role',
    );
  });

  it('queues what the preview showed, with a timeline entry, and marks the candidate answered', async () => {
    const c = await insertCandidate(app, {
      fullName: 'Jan Peeters',
      language: 'nl',
      vacancyId,
      vacancyTitle: 'Java Developer',
    });
    const shown = (await preview(c.candidateId, { kind: 'acknowledgement' })).json() as CandidateMailPreview;
    const res = await send(c.candidateId, { kind: 'acknowledgement' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(shown);
    const rows = await outboxRowsTo(shown.to);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: shown.subject, message: shown.body, language: 'nl', attachment: null });
    const entries = await mailEntries(c.candidateId);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actorName).toBe('admin@example.com');
    expect(entries[0]!.data).toEqual({
      mailKind: 'acknowledgement',
      language: 'nl',
      subject: shown.subject,
      outboxId: rows[0]!.id,
    });
    const [cand] = await app.db.select().from(candidates).where(eq(candidates.id, c.candidateId));
    expect(cand!.answeredAt).not.toBeNull();
    expect(cand!.rejectionMailId).toBeNull();
    // Not a message for staff: the Messages screen lists the application, not the mail.
    const messages = (await call(app, { method: 'GET', url: '/api/messages', token: admin })).json() as {
      items: { id: number; email: string }[];
    };
    expect(messages.items.filter((m) => m.email === shown.to).map((m) => m.id)).toEqual([c.messageId]);
  });

  it('sends a rejection once: a second request, also a racing one, is refused with nothing queued', async () => {
    const c = await insertCandidate(app, { language: 'en', stage: 'rejected' });
    const first = await send(c.candidateId, { kind: 'rejection' });
    expect(first.statusCode).toBe(201);
    const again = await send(c.candidateId, { kind: 'rejection' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CANDIDATES_MSG.rejectionAlreadySent);
    const to = (first.json() as CandidateMailPreview).to;
    const rows = await outboxRowsTo(to);
    expect(rows).toHaveLength(1);
    const [cand] = await app.db.select().from(candidates).where(eq(candidates.id, c.candidateId));
    expect(cand!.rejectionMailId).toBe(rows[0]!.id);
    expect(await mailEntries(c.candidateId)).toHaveLength(1);

    const racing = await insertCandidate(app, { language: 'nl', stage: 'rejected' });
    const answers = await Promise.all([1, 2, 3].map(() => send(racing.candidateId, { kind: 'rejection' })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect(
      await outboxRowsTo((answers.find((a) => a.statusCode === 201)!.json() as CandidateMailPreview).to),
    ).toHaveLength(1);
    expect(await mailEntries(racing.candidateId)).toHaveLength(1);
  });

  it('invites to a scheduled interview with its .ics; an invitation names its interview', async () => {
    const interviewer = await tokenFor(app, 'ROLE_USER', `interviewer-${crypto.randomUUID()}@example.com`);
    const c = await insertCandidate(app, {
      fullName: 'Claire Dubois',
      language: 'fr',
      vacancyId,
      vacancyTitle: 'Java Developer',
    });
    const interview = await scheduledInterview(c.candidateId, [interviewer.userId]);

    const missing = await preview(c.candidateId, { kind: 'invitation' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(CANDIDATES_MSG.interviewRequired);
    const other = await insertCandidate(app);
    expect((await preview(other.candidateId, { kind: 'invitation', interviewId: interview.id })).statusCode).toBe(404);

    const shown = (
      await preview(c.candidateId, { kind: 'invitation', interviewId: interview.id })
    ).json() as CandidateMailPreview;
    expect(shown.subject).toBe('Invitation à un entretien pour Développeur Java');
    expect(shown.body).toContain('le jeudi 14 mars 2030 à 10:30 (heure de Bruxelles), pendant 45 minutes');
    expect(shown.body).toContain('Lieu : Meir 1, Antwerpen — https://meet.example/abc');

    expect((await send(c.candidateId, { kind: 'invitation', interviewId: interview.id })).statusCode).toBe(201);
    const [row] = await outboxRowsTo(shown.to);
    expect(row!.attachmentName).toBe('interview.ics');
    const ics = row!.attachment!.toString('utf8').replace(/\r\n /g, '');
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain(`UID:${interview.uid}`);
    expect(ics).toContain('SEQUENCE:2');
    expect(ics).toContain('DTSTART:20300314T093000Z');
    expect(ics).toContain('ORGANIZER;CN=');
    expect(ics).toContain(':mailto:jobs@company.example');
    expect(ics).toContain(`mailto:${shown.to}`);
    // The interviewers are not named to the candidate: their addresses stay in-house.
    expect(ics).not.toContain(`mailto:${interviewer.email}`);
    expect((await mailEntries(c.candidateId))[0]!.data).toMatchObject({
      mailKind: 'invitation',
      interviewId: interview.id,
    });

    await app.db.update(interviews).set({ status: 'cancelled' }).where(eq(interviews.id, interview.id));
    const cancelled = await send(c.candidateId, { kind: 'invitation', interviewId: interview.id });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe(CANDIDATES_MSG.interviewCancelled);
  });

  it('answers 404 for a candidate that does not exist', async () => {
    expect((await preview(999_999, { kind: 'acknowledgement' })).statusCode).toBe(404);
    expect((await send(999_999, { kind: 'rejection' })).statusCode).toBe(404);
  });

  it('delivers the French rejection to the candidate through the mailbox', async () => {
    const email = `claire-${crypto.randomUUID()}@example.fr`;
    const c = await insertCandidate(app, {
      email,
      fullName: 'Claire Dubois',
      language: 'fr',
      vacancyId,
      vacancyTitle: 'Java Developer',
    });
    const worker = createMailWorker(app.db, mailboxKey(app.secret), { pollMs: 50, smtpAllowedPorts: [peer.port] });
    worker.start();
    try {
      expect((await send(c.candidateId, { kind: 'rejection' })).statusCode).toBe(201);
      // The worker also delivers what the tests above queued: this candidate's mail is the one to read.
      const mail = await until(async () => peer.messages.find((m) => m.to.includes(email)), 20_000, 'the rejection');
      expect(mail!.subject).toBe('Votre candidature pour Développeur Java');
      expect(mail!.from).toContain('jobs@company.example');
      expect(mail!.to).toEqual([email]);
      const body = mail!.text.replace(/\r\n/g, '\n').trim();
      expect(body).toBe(
        fill(CANDIDATE_MAIL_DEFAULTS.rejection.fr.body, {
          name: 'Claire Dubois',
          vacancy: 'Développeur Java',
          company,
        }),
      );
      expect(mail!.attachments).toEqual([]);
    } finally {
      await worker.stop();
    }
  });

  it('is for recruiters and administrators only', async () => {
    const c = await insertCandidate(app);
    const recruiter = await tokenFor(app, 'ROLE_RECRUITER');
    expect((await preview(c.candidateId, { kind: 'acknowledgement' }, recruiter.token)).statusCode).toBe(200);
    expect((await call(app, { method: 'GET', url: templatesUrl, token: recruiter.token })).statusCode).toBe(200);
    for (const role of ['ROLE_EDITOR', 'ROLE_USER']) {
      const { token } = await tokenFor(app, role);
      expect((await call(app, { method: 'GET', url: templatesUrl, token })).statusCode).toBe(403);
      expect(
        (
          await call(app, {
            method: 'PUT',
            url: templateUrl('rejection', 'en'),
            token,
            payload: { subject: 's', body: 'b' },
          })
        ).statusCode,
      ).toBe(403);
      expect((await preview(c.candidateId, { kind: 'acknowledgement' }, token)).statusCode).toBe(403);
      expect((await send(c.candidateId, { kind: 'rejection' }, token)).statusCode).toBe(403);
    }
    expect(await outboxRowsTo('nobody')).toHaveLength(0);
    expect(
      (await app.db.select().from(candidates).where(eq(candidates.id, c.candidateId)))[0]!.rejectionMailId,
    ).toBeNull();
  });
});
