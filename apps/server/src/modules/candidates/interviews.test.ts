import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { toBrusselsLocal } from '@app/shared/brussels';
import { CANDIDATES_MSG as M } from '@app/shared/messages/candidates';
import type { Interview, InterviewCandidate, MyInterviews } from '@app/shared/schemas/candidates';
import { buildTestApp, call, login, tokenFor } from '../../../test/helper';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '../../../test/smtp-peer';
import { activeMailboxFor, freePort } from '../../../test/mail-fixtures';
import { insertCandidate } from '../../../test/candidate-fixtures';
import { until } from '../../../test/until';
import { createMailWorker, type MailWorker } from '../outbox';
import { mailboxKey } from '../mail-settings';
import { candidateEvents, contactMessages, interviews } from '../../db/schema';
import { recordCandidateEvent } from './events';

/**
 * Interviews end to end on the server: scheduling, moving and cancelling one mails every person it
 * concerns through the outbox and the delivery worker to a real SMTP peer, with the interview's
 * .ics; interviewers see their own interviews and candidates only, and give feedback.
 */
let app: FastifyInstance;
let admin: string;
let recruiter: string;
let peer: SmtpPeer;
let worker: MailWorker;
let alice: { token: string; userId: number; email: string };
let bob: { token: string; userId: number; email: string };
let carol: { token: string; userId: number; email: string };

beforeAll(async () => {
  const port = await freePort();
  app = await buildTestApp({ smtpAllowedPorts: [port], publicUrl: 'https://jobs.company.example' });
  admin = await login(app);
  peer = await startSmtpPeer({ port });
  await activeMailboxFor(app, admin, port, { username: 'office@company.example' });
  recruiter = (await tokenFor(app, 'ROLE_RECRUITER')).token;
  alice = await tokenFor(app, 'ROLE_USER', 'alice.interviewer@example.com');
  bob = await tokenFor(app, 'ROLE_USER', 'bob.interviewer@example.com');
  carol = await tokenFor(app, 'ROLE_EDITOR', 'carol.editor@example.com');
});
beforeEach(() => {
  worker = createMailWorker(app.db, mailboxKey(app.secret), { pollMs: 50, smtpAllowedPorts: [peer.port] });
  worker.start();
});
afterEach(async () => {
  await worker.stop();
});
afterAll(async () => {
  await app.close();
  await peer.close();
});

const DAY = 86_400_000;
/** A Brussels wall-clock time `days` from now, as the datetime-local field sends it. */
const inDays = (days: number) => toBrusselsLocal(new Date(Date.now() + days * DAY).toISOString());
const form = (over: Record<string, unknown> = {}) => ({
  startsAt: inDays(3),
  durationMinutes: 60,
  location: 'Office, Meir 1, Antwerp',
  videoLink: '',
  interviewerIds: [alice.userId],
  ...over,
});
const schedule = (candidateId: number, body: object, token = recruiter) =>
  call(app, { method: 'POST', url: `/api/candidates/${candidateId}/interviews`, token, payload: body });
const get = (url: string, token: string) => call(app, { method: 'GET', url, token });

/** The mails to `to` the peer accepted whose subject matches, once there are `count` of them. */
async function mailsTo(to: string, subject: RegExp, count = 1): Promise<ReceivedMail[]> {
  return until(
    async () => {
      const found = peer.messages.filter((m) => m.to.includes(to) && subject.test(m.subject));
      return found.length >= count ? found : undefined;
    },
    20_000,
    `${count} mail(s) "${subject}" to ${to}`,
  );
}
const icsOf = (mail: ReceivedMail) => {
  const part = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  if (!part) throw new Error(`no text/calendar part in "${mail.subject}"`);
  // Unfolded, so a long line's value can be read whole.
  return part.content.toString('utf8').replace(/\r\n /g, '');
};
const uidOf = async (id: number) => (await app.db.select().from(interviews).where(eq(interviews.id, id)))[0]!.uid;
const events = async (candidateId: number, kind: 'interview' | 'feedback' | 'mail') =>
  (
    await app.db
      .select()
      .from(candidateEvents)
      .where(and(eq(candidateEvents.candidateId, candidateId), eq(candidateEvents.kind, kind)))
      .orderBy(candidateEvents.id)
  ).map((e) => e.data);

describe('scheduling, moving and cancelling an interview', () => {
  it('mails each interviewer a calendar invitation, then an update with SEQUENCE:1, then a cancellation', async () => {
    const { candidateId } = await insertCandidate(app, { fullName: 'Nora Candidate', vacancyTitle: 'Welder' });
    const startsAt = inDays(5);
    const res = await schedule(candidateId, form({ startsAt, interviewerIds: [alice.userId, bob.userId] }));
    expect(res.statusCode).toBe(201);
    const interview = res.json() as Interview;
    expect(interview).toMatchObject({
      candidateId,
      durationMinutes: 60,
      location: 'Office, Meir 1, Antwerp',
      videoLink: null,
      status: 'scheduled',
    });
    expect(toBrusselsLocal(interview.startsAt)).toBe(startsAt);
    expect(interview.interviewers.map((i) => i.userId).sort()).toEqual([alice.userId, bob.userId].sort());
    const uid = await uidOf(interview.id);
    expect(uid).toMatch(/^[0-9a-f-]{36}@jobs\.company\.example$/);

    const [invite] = await mailsTo(alice.email, /^Interview: Nora Candidate for Welder/);
    expect(invite!.from).toContain('office@company.example');
    expect(invite!.text).toContain(`https://jobs.company.example/personel/interviews/candidate/${candidateId}`);
    expect(invite!.text).toContain('Duration: 60 minutes');
    expect(invite!.text).toContain(`(Brussels time)`);
    const ics = icsOf(invite!);
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain(`UID:${uid}`);
    expect(ics).toContain('SEQUENCE:0');
    const utc = new Date(interview.startsAt)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    expect(ics).toContain(`DTSTART:${utc}`);
    expect(utc).toMatch(/Z$/);
    // The company organises, at the active mailbox's address.
    expect(ics).toMatch(/\r\nORGANIZER;CN="[^"]+":mailto:office@company\.example\r\n/);
    expect(ics).toContain(`ATTENDEE;CN="${'bob.interviewer@example.com'}"`);
    await mailsTo(bob.email, /^Interview: Nora Candidate/);
    expect(await events(candidateId, 'interview')).toEqual([
      { interviewId: interview.id, action: 'scheduled', startsAt: interview.startsAt },
    ]);

    // Moved a day later, Bob taken off, Carol added.
    const moved = await call(app, {
      method: 'PUT',
      url: `/api/interviews/${interview.id}`,
      token: recruiter,
      payload: form({
        startsAt: inDays(6),
        interviewerIds: [alice.userId, carol.userId],
        videoLink: 'https://meet.example/x',
      }),
    });
    expect(moved.statusCode).toBe(200);
    expect((moved.json() as Interview).videoLink).toBe('https://meet.example/x');
    const [update] = await mailsTo(alice.email, /^Updated interview: Nora Candidate/);
    const updateIcs = icsOf(update!);
    expect(updateIcs).toContain('METHOD:REQUEST');
    expect(updateIcs).toContain('SEQUENCE:1');
    expect(updateIcs).toContain(`UID:${uid}`);
    const [removed] = await mailsTo(bob.email, /^Cancelled interview: Nora Candidate/);
    expect(icsOf(removed!)).toContain('METHOD:CANCEL');
    expect(icsOf(removed!)).toContain('SEQUENCE:1');
    const [added] = await mailsTo(carol.email, /^Interview: Nora Candidate/);
    expect(icsOf(added!)).toContain('SEQUENCE:1');
    // The candidate was never invited: they hear nothing of the move.
    expect(peer.messages.filter((m) => m.subject.startsWith('Updated: '))).toEqual([]);

    const cancelled = await call(app, { method: 'DELETE', url: `/api/interviews/${interview.id}`, token: recruiter });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const [cancel] = await mailsTo(alice.email, /^Cancelled interview: Nora Candidate/);
    const cancelIcs = icsOf(cancel!);
    expect(cancelIcs).toContain('METHOD:CANCEL');
    expect(cancelIcs).toContain('SEQUENCE:2');
    expect(cancelIcs).toContain('STATUS:CANCELLED');
    await mailsTo(carol.email, /^Cancelled interview: Nora Candidate/);

    // Cancelling again changes and mails nothing.
    const again = await call(app, { method: 'DELETE', url: `/api/interviews/${interview.id}`, token: recruiter });
    expect(again.statusCode).toBe(200);
    expect((await events(candidateId, 'interview')).map((e) => (e as { action: string }).action)).toEqual([
      'scheduled',
      'rescheduled',
      'cancelled',
    ]);
    // A cancelled interview is not moved.
    const late = await call(app, {
      method: 'PUT',
      url: `/api/interviews/${interview.id}`,
      token: recruiter,
      payload: form(),
    });
    expect([late.statusCode, late.json().message]).toEqual([409, M.interviewCancelled]);
  });

  it('updates and cancels with the candidate too once invited, in their language', async () => {
    const { candidateId } = await insertCandidate(app, {
      fullName: 'Jef Kandidaat',
      email: 'jef@kandidaat.example',
      language: 'nl',
      vacancyTitle: 'Lasser',
    });
    const interview = (await schedule(candidateId, form())).json() as Interview;
    // The mails module's send of the invitation records this entry.
    await recordCandidateEvent(app.db, {
      candidateId,
      kind: 'mail',
      actor: null,
      data: { mailKind: 'invitation', language: 'nl', interviewId: interview.id } as never,
    });
    const moved = await call(app, {
      method: 'PUT',
      url: `/api/interviews/${interview.id}`,
      token: recruiter,
      payload: form({ startsAt: inDays(4) }),
    });
    expect(moved.statusCode).toBe(200);
    const [update] = await mailsTo('jef@kandidaat.example', /^Gewijzigd: Uitnodiging voor een gesprek voor Lasser$/);
    expect(update!.text).toContain('Beste Jef Kandidaat');
    const ics = icsOf(update!);
    expect(ics).toContain('SEQUENCE:1');
    expect(ics).toContain('METHOD:REQUEST');
    // The candidate's calendar entry does not hand out the interviewers' addresses.
    expect(ics).not.toContain(alice.email);

    await call(app, { method: 'DELETE', url: `/api/interviews/${interview.id}`, token: recruiter });
    const [cancel] = await mailsTo('jef@kandidaat.example', /^Geannuleerd: gesprek voor Lasser$/);
    expect(cancel!.text).toContain('gaat niet door');
    expect(icsOf(cancel!)).toContain('METHOD:CANCEL');
    const mails = (await events(candidateId, 'mail')) as { subject?: string }[];
    expect(mails.map((m) => m.subject)).toEqual([
      undefined,
      'Gewijzigd: Uitnodiging voor een gesprek voor Lasser',
      'Geannuleerd: gesprek voor Lasser',
    ]);
  });

  it('refuses a time in the past, an unknown interviewer and a missing place, with the field', async () => {
    const { candidateId } = await insertCandidate(app);
    const past = await schedule(candidateId, form({ startsAt: inDays(-1) }));
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual([{ field: 'startsAt', message: M.startsAtPast }]);
    const unknown = await schedule(candidateId, form({ interviewerIds: [alice.userId, 999_999] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ field: 'interviewerIds', message: M.interviewerUnknown }]);
    const nowhere = await schedule(candidateId, form({ location: '', videoLink: '' }));
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'location', message: M.placeRequired })]),
    );
    expect(await events(candidateId, 'interview')).toEqual([]);
    const none = await schedule(999_999, form());
    expect(none.statusCode).toBe(404);

    // A refused move changes nothing: same sequence, same panel, no entry, no mail queued.
    const interview = (await schedule(candidateId, form())).json() as Interview;
    const queued = async () =>
      (await app.db.select().from(contactMessages).where(eq(contactMessages.kind, 'candidate'))).length;
    const before = await queued();
    const move = (body: object, id = interview.id) =>
      call(app, { method: 'PUT', url: `/api/interviews/${id}`, token: recruiter, payload: body });
    expect((await move(form({ interviewerIds: [bob.userId, 999_999] }))).statusCode).toBe(400);
    expect((await move(form({ startsAt: inDays(-2) }))).statusCode).toBe(400);
    expect((await move(form(), 999_999)).statusCode).toBe(404);
    const [row] = await app.db.select().from(interviews).where(eq(interviews.id, interview.id));
    expect(row!.sequence).toBe(0);
    expect(await queued()).toBe(before);
    expect((await events(candidateId, 'interview')).length).toBe(1);
  });

  it('leaves scheduling to the recruiters: an interviewer (ROLE_USER) gets 403', async () => {
    const { candidateId } = await insertCandidate(app);
    const res = await schedule(candidateId, form(), alice.token);
    expect(res.statusCode).toBe(403);
  });
});

describe("an interviewer's view", () => {
  it('lists one’s own interviews, shows the candidate one interviews and no one else’s', async () => {
    const mine = await insertCandidate(app, { fullName: 'Mine Candidate', vacancyTitle: 'Painter' });
    const other = await insertCandidate(app, { fullName: 'Other Candidate' });
    const soon = (
      await schedule(mine.candidateId, form({ startsAt: inDays(1), interviewerIds: [bob.userId, alice.userId] }))
    ).json() as Interview;
    const later = (
      await schedule(mine.candidateId, form({ startsAt: inDays(9), interviewerIds: [bob.userId] }))
    ).json() as Interview;
    await schedule(other.candidateId, form({ interviewerIds: [alice.userId] }));

    const list = (await get('/api/interviews/mine', bob.token)).json() as MyInterviews;
    const ofMine = list.upcoming.filter((i) => i.candidateId === mine.candidateId);
    expect(ofMine.map((i) => i.id)).toEqual([soon.id, later.id]);
    expect(ofMine[0]).toMatchObject({
      candidateName: 'Mine Candidate',
      vacancyTitle: 'Painter',
      myRecommendation: null,
    });

    // The interviewer's candidate page: the application, no notes, no other feedback.
    const seen = await get(`/api/interviews/candidates/${mine.candidateId}`, bob.token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json() as InterviewCandidate).toMatchObject({
      fullName: 'Mine Candidate',
      vacancyTitle: 'Painter',
      message: 'I would like to join your team.',
      hasCv: true,
    });
    const cv = await get(`/api/interviews/candidates/${mine.candidateId}/cv`, bob.token);
    expect(cv.statusCode).toBe(200);
    expect(cv.headers['content-type']).toBe('application/pdf');
    expect(cv.headers['x-content-type-options']).toBe('nosniff');
    expect(cv.headers['cache-control']).toBe('no-store');
    expect(cv.headers['content-disposition']).toBe('inline; filename="cv.pdf"');
    expect(cv.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const download = await get(`/api/interviews/candidates/${mine.candidateId}/cv?download=1`, bob.token);
    expect(download.headers['content-disposition']).toBe('attachment; filename="cv.pdf"');

    // Bob does not interview the other candidate: 403, for the CV too.
    for (const url of [
      `/api/interviews/candidates/${other.candidateId}`,
      `/api/interviews/candidates/${other.candidateId}/cv`,
    ]) {
      const refused = await get(url, bob.token);
      expect([url, refused.statusCode, refused.json().message]).toEqual([url, 403, M.notYourCandidate]);
    }
    // Nor do the administrator and the recruiter: this is the interviewer's view.
    for (const token of [admin, recruiter])
      expect((await get(`/api/interviews/candidates/${mine.candidateId}`, token)).statusCode).toBe(403);
  });

  it('says when there is no CV', async () => {
    const { candidateId } = await insertCandidate(app, { withCv: false });
    await schedule(candidateId, form({ interviewerIds: [carol.userId] }));
    const res = await get(`/api/interviews/candidates/${candidateId}/cv`, carol.token);
    expect([res.statusCode, res.json().message]).toEqual([404, M.noCv]);
    expect(
      ((await get(`/api/interviews/candidates/${candidateId}`, carol.token)).json() as InterviewCandidate).hasCv,
    ).toBe(false);
  });

  it('takes feedback from the interviewers of the interview only, and not on a cancelled one', async () => {
    const { candidateId } = await insertCandidate(app);
    const interview = (
      await schedule(candidateId, form({ interviewerIds: [alice.userId, bob.userId] }))
    ).json() as Interview;
    const give = (token: string, body: object, id = interview.id) =>
      call(app, { method: 'PUT', url: `/api/interviews/${id}/feedback`, token, payload: body });

    const first = await give(alice.token, { recommendation: 'yes', feedback: 'Solid welder.' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ myRecommendation: 'yes', myFeedback: 'Solid welder.' });
    const changed = await give(alice.token, {
      recommendation: 'strong-yes',
      feedback: 'On second thought: excellent.',
    });
    expect(changed.json()).toMatchObject({
      myRecommendation: 'strong-yes',
      myFeedback: 'On second thought: excellent.',
    });
    await give(bob.token, { recommendation: 'no', feedback: 'Bob thinks not.' });

    // Alice sees her own feedback only; Bob's stays Bob's (and the recruiters').
    const seen = (await get(`/api/interviews/candidates/${candidateId}`, alice.token)).json() as InterviewCandidate;
    const text = JSON.stringify(seen);
    expect(text).toContain('On second thought');
    expect(text).not.toContain('Bob thinks not');
    expect(seen.interviews[0]!.interviewers.find((i) => i.userId === bob.userId)).toMatchObject({
      recommendation: null,
      feedback: null,
    });
    expect(await events(candidateId, 'feedback')).toEqual([
      { interviewId: interview.id, recommendation: 'yes' },
      { interviewId: interview.id, recommendation: 'strong-yes' },
      { interviewId: interview.id, recommendation: 'no' },
    ]);

    const outsider = await give(carol.token, { recommendation: 'yes', feedback: '' });
    expect([outsider.statusCode, outsider.json().message]).toEqual([403, M.notYourCandidate]);
    const invalid = await give(alice.token, { recommendation: 'maybe', feedback: '' });
    expect(invalid.statusCode).toBe(400);
    expect((await give(alice.token, { recommendation: 'yes', feedback: '' }, 999_999)).statusCode).toBe(404);

    await call(app, { method: 'DELETE', url: `/api/interviews/${interview.id}`, token: recruiter });
    const late = await give(alice.token, { recommendation: 'no', feedback: '' });
    expect([late.statusCode, late.json().message]).toEqual([409, M.interviewCancelled]);
    // Cancelled, the interview still shows in one's list, as cancelled.
    const list = (await get('/api/interviews/mine', alice.token)).json() as MyInterviews;
    expect(list.upcoming.find((i) => i.id === interview.id)).toMatchObject({ status: 'cancelled' });
  });

  it('lists past interviews latest first', async () => {
    const dave = await tokenFor(app, 'ROLE_USER');
    const { candidateId } = await insertCandidate(app);
    const a = (
      await schedule(candidateId, form({ startsAt: inDays(2), interviewerIds: [dave.userId] }))
    ).json() as Interview;
    const b = (
      await schedule(candidateId, form({ startsAt: inDays(3), interviewerIds: [dave.userId] }))
    ).json() as Interview;
    // Time passes: both lie behind us now.
    await app.db
      .update(interviews)
      .set({ startsAt: new Date(Date.now() - 3 * DAY) })
      .where(eq(interviews.id, a.id));
    await app.db
      .update(interviews)
      .set({ startsAt: new Date(Date.now() - 2 * DAY) })
      .where(eq(interviews.id, b.id));
    const list = (await get('/api/interviews/mine', dave.token)).json() as MyInterviews;
    expect(list.upcoming).toEqual([]);
    expect(list.past.map((i) => i.id)).toEqual([b.id, a.id]);
    expect((await get('/api/interviews/mine', (await tokenFor(app, 'ROLE_USER')).token)).json()).toEqual({
      upcoming: [],
      past: [],
    });
  });

  it('queues interviewer mails as candidate mails, never on the Messages screen', async () => {
    const rows = await app.db.select().from(contactMessages).where(eq(contactMessages.kind, 'candidate'));
    expect(rows.length).toBeGreaterThan(0);
    const listed = (await call(app, { method: 'GET', url: '/api/messages', token: admin })).json() as {
      items: { email: string }[];
    };
    // Only the applications the fixtures made are there, none of the interview mails.
    expect(listed.items.length).toBeGreaterThan(0);
    expect(listed.items.map((i) => i.email)).not.toContain(alice.email);
  });
});
