import { beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATES_MSG } from '@app/shared/messages/candidates';
import {
  BOARD_COLUMN_SIZE,
  CANDIDATE_STAGES,
  type CandidateBoard,
  type CandidateDetail,
  type CandidatePage,
  type PipelineVacancy,
} from '@app/shared/schemas/candidates';
import type { AuditPage } from '@app/shared/schemas/audit';
import { call, tokenFor, useTestApp } from '../../../test/helper';
import { contactBody, pdfBytes, solveCaptcha, validContact } from '../../../test/contact-fixtures';
import { insertCandidate } from '../../../test/candidate-fixtures';
import { contactMessages } from '../../db/schema';
import { recordApplication } from './applications';

const ctx = useTestApp();
let ip = 0;
let vacancyId: number;
let otherVacancyId: number;

/** An application through the public form, each from its own address (the rate limit stays out of the way). */
async function apply(fields: Record<string, string | undefined>, file?: { data: Buffer; name?: string }) {
  const altcha = await solveCaptcha(ctx.app);
  const res = await call(ctx.app, {
    method: 'POST',
    url: '/api/contact',
    remoteAddress: `10.9.${Math.floor(++ip / 250)}.${ip % 250}`,
    ...(await contactBody({ ...fields, altcha }, file)),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}
const get = async <T>(url: string, token = ctx.adminToken) => {
  const res = await call(ctx.app, { method: 'GET', url, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const list = (query: string) => get<CandidatePage>(`/api/candidates?pageSize=100&${query}`);
const detail = (id: number) => get<CandidateDetail>(`/api/candidates/${id}`);
const move = (id: number, body: object) =>
  call(ctx.app, { method: 'POST', url: `/api/candidates/${id}/stage`, token: ctx.adminToken, payload: body });
const byEmail = async (email: string, query = '') =>
  (await list(query)).items.filter((c) => c.email.toLowerCase() === email.toLowerCase());

beforeAll(async () => {
  const vacancies = (await call(ctx.app, { method: 'GET', url: '/api/vacancy' })).json() as { id: number }[];
  vacancyId = vacancies[0]!.id;
  otherVacancyId = vacancies[1]!.id;
});

describe('applications become candidates', () => {
  it('makes an application through the form a candidate in New, with its CV and message', async () => {
    const email = 'ada.applicant@example.com';
    const messageId = await apply(
      { ...validContact, email, fullName: 'Ada Applicant', vacancyId: String(vacancyId) },
      { data: pdfBytes(3000), name: 'Ada CV.pdf' },
    );
    const [summary] = await byEmail(email, `vacancy=${vacancyId}`);
    expect(summary).toMatchObject({
      fullName: 'Ada Applicant',
      vacancyId,
      stage: 'new',
      waiting: true,
      hasCv: true,
      otherApplications: 0,
    });
    const candidate = await detail(summary!.id);
    expect(candidate).toMatchObject({ message: validContact.message, phoneNumber: validContact.phoneNumber });
    expect(candidate.timeline).toEqual([
      expect.objectContaining({ kind: 'applied', actor: null, data: { messageId } }),
    ]);
  });

  it('knows a second application from the same address (another case) as the same person', async () => {
    const email = 'Bo.Twice@Example.com';
    await apply({ ...validContact, email, fullName: 'Bo Twice', vacancyId: String(vacancyId) });
    await apply({ ...validContact, email: email.toLowerCase(), fullName: 'Bo Twice', vacancyId: String(vacancyId) });
    await apply({
      ...validContact,
      email: email.toUpperCase(),
      fullName: 'Bo Twice-Renamed',
      vacancyId: String(otherVacancyId),
    });

    const mine = await byEmail(email);
    expect(mine).toHaveLength(2);
    expect(mine.map((c) => c.otherApplications)).toEqual([1, 1]);
    // The latest name is the person's name on every application.
    expect(mine.map((c) => c.fullName)).toEqual(['Bo Twice-Renamed', 'Bo Twice-Renamed']);
    const forFirst = mine.find((c) => c.vacancyId === vacancyId)!;
    const applied = (await detail(forFirst.id)).timeline.filter((e) => e.kind === 'applied');
    expect(applied).toHaveLength(2);
  });

  it('puts a CV without a vacancy in the general pool, and leaves a plain message out', async () => {
    await apply({ ...validContact, email: 'pool.person@example.com' }, { data: pdfBytes(2000) });
    await apply({ ...validContact, email: 'just.asking@example.com' });
    const pool = await byEmail('pool.person@example.com', 'vacancy=pool');
    expect(pool).toEqual([expect.objectContaining({ vacancyId: null, vacancyTitle: null, hasCv: true })]);
    expect(await byEmail('just.asking@example.com')).toEqual([]);
    const vacancies = await get<PipelineVacancy[]>('/api/candidates/vacancies');
    const poolEntry = vacancies.find((v) => v.status === 'pool')!;
    expect(poolEntry.vacancyId).toBeNull();
    expect(poolEntry.counts.new).toBeGreaterThanOrEqual(1);
    expect(vacancies.find((v) => v.vacancyId === vacancyId)!.total).toBeGreaterThanOrEqual(2);
  });
});

describe('the agreement to be kept for future vacancies', () => {
  it('keeps the time and the exact text agreed to, with a consent entry', async () => {
    const text = 'Keep my application for future vacancies.';
    const outcome = await ctx.app.db.transaction(async (tx) => {
      const [msg] = await tx
        .insert(contactMessages)
        .values({ fullName: 'Kim Keep', email: 'kim.keep@example.com', phoneNumber: '', message: 'Hello' })
        .returning({ id: contactMessages.id });
      return recordApplication(tx, {
        messageId: msg!.id,
        email: 'kim.keep@example.com',
        fullName: 'Kim Keep',
        phoneNumber: '',
        language: 'en',
        vacancyId: null,
        vacancyTitle: null,
        hasCv: true,
        keepConsentText: text,
      });
    });
    expect(outcome).toMatchObject({ created: true });
    const candidate = await detail(outcome!.candidateId);
    expect(candidate).toMatchObject({ keepConsentText: text, keepConsentAt: expect.any(String) });
    expect(candidate.timeline.map((e) => [e.kind, e.data])).toEqual(
      expect.arrayContaining([['consent', { text, agreed: true }]]),
    );
  });
});

describe('the list and the board', () => {
  let listVacancy: number;
  beforeAll(async () => {
    // A vacancy of its own, so that counts are exact.
    const created = await call(ctx.app, {
      method: 'POST',
      url: '/api/vacancy',
      token: ctx.adminToken,
      payload: { title: 'Pipeline test vacancy', offer: 'A job', status: 'closed' },
    });
    expect(created.statusCode, created.body).toBe(201);
    listVacancy = created.json().id;
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    const add = (fullName: string, n: number, stage?: (typeof CANDIDATE_STAGES)[number]) =>
      insertCandidate(ctx.app, {
        fullName,
        vacancyId: listVacancy,
        vacancyTitle: 'Pipeline test vacancy',
        appliedAt: day(n),
        stage,
      });
    await add('Carla', 3);
    await add('alice', 1, 'screening');
    await add('Bert', 2, 'offer');
    await add('Dirk', 4);
  });

  it('sorts in the database by applied date, name and stage, both ways', async () => {
    const names = async (q: string) => (await list(`vacancy=${listVacancy}&${q}`)).items.map((c) => c.fullName);
    expect(await names('')).toEqual(['Dirk', 'Carla', 'Bert', 'alice']);
    expect(await names('sort=applied&direction=asc')).toEqual(['alice', 'Bert', 'Carla', 'Dirk']);
    expect(await names('sort=name&direction=asc')).toEqual(['alice', 'Bert', 'Carla', 'Dirk']);
    expect(await names('sort=name&direction=desc')).toEqual(['Dirk', 'Carla', 'Bert', 'alice']);
    expect(await names('sort=stage&direction=asc')).toEqual(['Carla', 'Dirk', 'alice', 'Bert']);
    expect(await names('sort=waiting&direction=asc')).toEqual(['Carla', 'Dirk', 'alice', 'Bert']);
  });

  it('pages and filters by stage', async () => {
    const page = await get<CandidatePage>(
      `/api/candidates?vacancy=${listVacancy}&pageSize=3&page=2&sort=name&direction=asc`,
    );
    expect(page).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page.items.map((c) => c.fullName)).toEqual(['Dirk']);
    const screening = await list(`vacancy=${listVacancy}&stage=screening`);
    expect(screening.items.map((c) => c.fullName)).toEqual(['alice']);
    expect(
      (await call(ctx.app, { method: 'GET', url: '/api/candidates?vacancy=x', token: ctx.adminToken })).statusCode,
    ).toBe(400);
  });

  it('answers a board with every stage, its count and its oldest cards first', async () => {
    const board = await get<CandidateBoard>(`/api/candidates/board?vacancy=${listVacancy}`);
    expect(board.vacancyId).toBe(listVacancy);
    expect(board.vacancyTitle).toBe('Pipeline test vacancy');
    expect(board.columns.map((c) => c.stage)).toEqual([...CANDIDATE_STAGES]);
    const column = (stage: string) => board.columns.find((c) => c.stage === stage)!;
    expect(column('new')).toMatchObject({ count: 2 });
    expect(column('new').items.map((c) => c.fullName)).toEqual(['Carla', 'Dirk']);
    expect(column('offer').count).toBe(1);
    expect(column('hired')).toEqual({ stage: 'hired', count: 0, items: [] });
    const vacancies = await get<PipelineVacancy[]>('/api/candidates/vacancies');
    // Closed, but it has candidates: listed.
    expect(vacancies.find((v) => v.vacancyId === listVacancy)).toMatchObject({
      status: 'closed',
      total: 4,
      counts: { new: 2, screening: 1, offer: 1, interview: 0 },
    });
  });

  it('caps a column at BOARD_COLUMN_SIZE cards but counts them all', async () => {
    const pool = await get<CandidateBoard>('/api/candidates/board?vacancy=pool');
    for (const c of pool.columns) expect(c.items.length).toBeLessThanOrEqual(Math.min(c.count, BOARD_COLUMN_SIZE));
  });
});

describe('moving a candidate', () => {
  it('moves through the stages with a timeline entry each, the times and an audit row without personal data', async () => {
    const { candidateId } = await insertCandidate(ctx.app, { vacancyId, vacancyTitle: 'x', fullName: 'Eve Mover' });
    const moved = await move(candidateId, { stage: 'screening' });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = moved.json() as CandidateDetail;
    expect(after).toMatchObject({ stage: 'screening', waiting: false });
    expect(after.timeline[0]).toMatchObject({
      kind: 'stage',
      actor: 'admin@example.com',
      data: { from: 'new', to: 'screening', reason: null },
    });

    // The same stage again changes nothing.
    expect((await move(candidateId, { stage: 'screening' })).statusCode).toBe(200);
    expect((await detail(candidateId)).timeline.filter((e) => e.kind === 'stage')).toHaveLength(1);

    // Rejected and Withdrawn need a reason.
    const refused = await move(candidateId, { stage: 'rejected' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toContainEqual({ field: 'reason', message: CANDIDATES_MSG.reasonRequired });
    const rejected = (
      await move(candidateId, { stage: 'rejected', reason: 'Not enough Java' })
    ).json() as CandidateDetail;
    expect(rejected).toMatchObject({ stage: 'rejected', stageReason: 'Not enough Java' });
    expect(rejected.timeline[0]!.data).toEqual({ from: 'screening', to: 'rejected', reason: 'Not enough Java' });

    // Back to an open stage: the reason goes.
    const back = (await move(candidateId, { stage: 'interview' })).json() as CandidateDetail;
    expect(back).toMatchObject({ stage: 'interview', stageReason: null });

    const audit = await get<AuditPage>('/api/audit?area=candidates&pageSize=100');
    const rows = audit.items.filter((r) => r.recordId === String(candidateId));
    expect(rows).toHaveLength(3);
    expect(JSON.stringify(rows)).not.toContain('Not enough Java');
    expect(JSON.stringify(rows)).not.toContain('Eve Mover');
  });

  it('answers 404 for a candidate that does not exist', async () => {
    const res = await move(999999, { stage: 'screening' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(CANDIDATES_MSG.candidateNotFound);
    expect(
      (await call(ctx.app, { method: 'GET', url: '/api/candidates/999999', token: ctx.adminToken })).statusCode,
    ).toBe(404);
  });

  it('keeps a private note on the timeline', async () => {
    const { candidateId } = await insertCandidate(ctx.app, { vacancyId });
    const res = await call(ctx.app, {
      method: 'POST',
      url: `/api/candidates/${candidateId}/notes`,
      token: ctx.adminToken,
      payload: { text: '  Strong portfolio.  ' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'note', actor: 'admin@example.com', data: { text: 'Strong portfolio.' } });
    expect((await detail(candidateId)).timeline[0]).toMatchObject({ kind: 'note' });
    const empty = await call(ctx.app, {
      method: 'POST',
      url: `/api/candidates/${candidateId}/notes`,
      token: ctx.adminToken,
      payload: { text: '   ' },
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('the CV', () => {
  it('answers the PDF inline to view, or as an attachment to download', async () => {
    const messageId = await apply(
      { ...validContact, email: 'cv.owner@example.com', fullName: 'Zoë "CV" Owner', vacancyId: String(vacancyId) },
      { data: pdfBytes(1500), name: '../../etc/Zoë CV "final".pdf' },
    );
    expect(messageId).toBeGreaterThan(0);
    const [c] = await byEmail('cv.owner@example.com');
    const inline = await call(ctx.app, { method: 'GET', url: `/api/candidates/${c!.id}/cv`, token: ctx.adminToken });
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    // Whatever name the visitor's file had, the header names a plain one (no quotes, slashes or accents).
    const disposition = inline.headers['content-disposition'] as string;
    expect(disposition).toMatch(/^inline; filename="Zoe-CV-[A-Za-z0-9._-]+\.pdf"$/);
    expect(inline.headers['x-content-type-options']).toBe('nosniff');
    expect(inline.headers['cache-control']).toBe('no-store');
    expect(inline.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(inline.rawPayload.length).toBe(1500);
    const download = await call(ctx.app, {
      method: 'GET',
      url: `/api/candidates/${c!.id}/cv?download=1`,
      token: ctx.adminToken,
    });
    expect(download.headers['content-disposition']).toBe(disposition.replace('inline', 'attachment'));
  });

  it('lets the candidate page frame the CV it fetched (a blob: URL of this origin), nothing else', async () => {
    const csp = (await ctx.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'];
    expect(csp).toContain("frame-src 'self' blob:");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('answers 404 when the candidate sent none', async () => {
    const { candidateId } = await insertCandidate(ctx.app, { vacancyId, withCv: false });
    const res = await call(ctx.app, { method: 'GET', url: `/api/candidates/${candidateId}/cv`, token: ctx.adminToken });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(CANDIDATES_MSG.noCv);
  });
});

describe('who may', () => {
  it('lets a recruiter in and keeps an editor and a plain user out', async () => {
    const { candidateId } = await insertCandidate(ctx.app, { vacancyId });
    const recruiter = (await tokenFor(ctx.app, 'ROLE_RECRUITER')).token;
    expect(
      (await call(ctx.app, { method: 'GET', url: `/api/candidates/${candidateId}`, token: recruiter })).statusCode,
    ).toBe(200);
    for (const role of ['ROLE_EDITOR', 'ROLE_USER']) {
      const { token } = await tokenFor(ctx.app, role);
      for (const url of [
        '/api/candidates',
        '/api/candidates/board',
        '/api/candidates/vacancies',
        '/api/candidates/interviewers',
        `/api/candidates/${candidateId}`,
        `/api/candidates/${candidateId}/cv`,
      ])
        expect([url, (await call(ctx.app, { method: 'GET', url, token })).statusCode]).toEqual([url, 403]);
      const moved = await call(ctx.app, {
        method: 'POST',
        url: `/api/candidates/${candidateId}/stage`,
        token,
        payload: { stage: 'hired' },
      });
      expect(moved.statusCode).toBe(403);
    }
    expect((await detail(candidateId)).stage).toBe('new');
  });

  it('lists every staff member as a possible interviewer, ROLE_USER included', async () => {
    const { userId, email } = await tokenFor(ctx.app, 'ROLE_USER');
    const choices = await get<{ id: number; name: string; email: string }[]>('/api/candidates/interviewers');
    expect(choices).toContainEqual({ id: userId, name: email, email });
  });
});
