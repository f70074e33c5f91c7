import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES_MSG } from '@app/shared/messages/roles';
import type { Post, PostPage } from '@app/shared/schemas/posts';
import type { MessagesPage } from '@app/shared/schemas/mail';
import { call, tokenFor, useTestApp } from '../../../test/helper';
import { multipart } from '../../../test/multipart';
import { postJson } from '../../../test/post-fixtures';
import { outboxService } from '../outbox';

/** What each staff role may do with posts, page texts, vacancies and messages (decision 0145). */
const ctx = useTestApp();
let contributor: { token: string; userId: number };
let other: { token: string; userId: number };
let editor: { token: string; userId: number };
let recruiter: { token: string; userId: number };

beforeAll(async () => {
  contributor = await tokenFor(ctx.app, 'ROLE_CONTRIBUTOR');
  other = await tokenFor(ctx.app, 'ROLE_CONTRIBUTOR');
  editor = await tokenFor(ctx.app, 'ROLE_EDITOR');
  recruiter = await tokenFor(ctx.app, 'ROLE_RECRUITER');
});

const save = async (token: string, over: Record<string, unknown>, id?: number) =>
  call(ctx.app, {
    method: id ? 'PUT' : 'POST',
    url: id ? `/api/posts/${id}` : '/api/posts',
    token,
    ...(await multipart([['post', postJson(over)]])),
  });
const get = (url: string, token?: string) => call(ctx.app, { method: 'GET', url, ...(token ? { token } : {}) });
const draftBy = async (token: string, name = 'A draft') => {
  const res = await save(token, { name, status: 'draft' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Post;
};

describe('a contributor', () => {
  it('writes drafts that they own', async () => {
    const post = await draftBy(contributor.token);
    expect(post).toMatchObject({ status: 'draft', ownerId: contributor.userId, reviewRequestedAt: null });
  });

  it('cannot publish or schedule: 403, nothing saved', async () => {
    const published = await save(contributor.token, { name: 'Straight out' });
    expect([published.statusCode, published.json().message]).toEqual([403, ROLES_MSG.postPublishNotAllowed]);
    const scheduled = await save(contributor.token, {
      name: 'Later',
      status: 'published',
      publishAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(scheduled.statusCode).toBe(403);
    const draft = await draftBy(contributor.token);
    const publish = await save(contributor.token, { status: 'published', version: draft.version }, draft.id);
    expect(publish.statusCode).toBe(403);
    expect((await get(`/api/posts/staff/${draft.id}`, contributor.token)).json()).toMatchObject({ status: 'draft' });
  });

  it("cannot read, edit or delete another's post (404), and lists only their own", async () => {
    const theirs = await draftBy(other.token, 'Not yours');
    expect((await get(`/api/posts/staff/${theirs.id}`, contributor.token)).statusCode).toBe(404);
    expect((await save(contributor.token, { status: 'draft', version: 0 }, theirs.id)).statusCode).toBe(404);
    const del = await call(ctx.app, { method: 'DELETE', url: `/api/posts/${theirs.id}`, token: contributor.token });
    expect(del.statusCode).toBe(404);
    const list = (await get('/api/posts/staff?pageSize=100', contributor.token)).json() as PostPage;
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((p) => p.ownerId === contributor.userId)).toBe(true);
    // The seeded posts have no owner: a contributor does not see them either.
    expect((await get('/api/posts/staff/1', contributor.token)).statusCode).toBe(404);
  });

  it('edits and deletes their own draft', async () => {
    const draft = await draftBy(contributor.token);
    const edited = await save(contributor.token, { name: 'Better title', status: 'draft', version: 0 }, draft.id);
    expect([edited.statusCode, edited.json().name]).toEqual([200, 'Better title']);
    const del = await call(ctx.app, { method: 'DELETE', url: `/api/posts/${draft.id}`, token: contributor.token });
    expect(del.statusCode).toBe(200);
  });

  it('sees nothing else: vacancies, page texts, messages, users and settings answer 403', async () => {
    for (const url of ['/api/vacancy/staff', '/api/messages', '/api/users/all', '/api/settings/admin', '/api/audit'])
      expect([url, (await get(url, contributor.token)).statusCode]).toEqual([url, 403]);
    const masthead = await call(ctx.app, {
      method: 'PUT',
      url: '/api/masthead',
      token: contributor.token,
      payload: { mastheadTitle: 'x', mastheadBody: 'y' },
    });
    expect(masthead.statusCode).toBe(403);
  });
});

describe('submitting for review', () => {
  it('marks the draft for editors, who find it with the review filter and publish it, which clears the mark', async () => {
    const draft = await draftBy(contributor.token, 'Please review me');
    const submitted = await call(ctx.app, {
      method: 'POST',
      url: `/api/posts/${draft.id}/review-request`,
      token: contributor.token,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().reviewRequestedAt).toEqual(expect.any(String));

    const waiting = (await get('/api/posts/staff?status=review', editor.token)).json() as PostPage;
    expect(waiting.items.map((p) => p.id)).toContain(draft.id);

    // Still the contributor's: another contributor cannot submit it.
    const notYours = await call(ctx.app, {
      method: 'POST',
      url: `/api/posts/${draft.id}/review-request`,
      token: other.token,
    });
    expect(notYours.statusCode).toBe(404);

    const published = await save(
      editor.token,
      { name: 'Please review me', status: 'published', version: draft.version },
      draft.id,
    );
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({
      status: 'published',
      reviewRequestedAt: null,
      ownerId: contributor.userId,
    });
    expect((await get(`/api/posts/${draft.id}`)).statusCode).toBe(200);
    const after = (await get('/api/posts/staff?status=review', editor.token)).json() as PostPage;
    expect(after.items.map((p) => p.id)).not.toContain(draft.id);

    // Published now: the contributor can no longer change or delete it.
    expect((await save(contributor.token, { status: 'draft', version: 1 }, draft.id)).statusCode).toBe(403);
    const del = await call(ctx.app, { method: 'DELETE', url: `/api/posts/${draft.id}`, token: contributor.token });
    expect(del.statusCode).toBe(403);
    const again = await call(ctx.app, {
      method: 'POST',
      url: `/api/posts/${draft.id}/review-request`,
      token: editor.token,
    });
    expect([again.statusCode, again.json().message]).toEqual([409, ROLES_MSG.postReviewOnlyDrafts]);
  });

  it('is in the audit trail', async () => {
    const draft = await draftBy(contributor.token);
    await call(ctx.app, { method: 'POST', url: `/api/posts/${draft.id}/review-request`, token: contributor.token });
    const trail = await get(`/api/audit?area=posts`, ctx.adminToken);
    const rows = trail.json().items as { action: string; recordId: string; userId: number }[];
    expect(rows.find((r) => r.action === 'submit-for-review' && r.recordId === String(draft.id))).toMatchObject({
      userId: contributor.userId,
    });
  });

  it('keeps the owner and review mark out of public answers', async () => {
    const post = (await save(editor.token, { name: 'Public one' })).json() as Post;
    const pub = (await get(`/api/posts/${post.id}`)).json();
    expect(pub).not.toHaveProperty('ownerId');
    expect(pub).not.toHaveProperty('reviewRequestedAt');
  });
});

describe('an editor', () => {
  it("publishes, schedules and edits anyone's posts, and the page texts", async () => {
    const published = await save(editor.token, { name: 'Editor news' });
    expect([published.statusCode, published.json().status]).toEqual([201, 'published']);
    const seeded = await get('/api/posts/staff/1', editor.token);
    expect(seeded.statusCode).toBe(200);
    const masthead = await call(ctx.app, {
      method: 'PUT',
      url: '/api/masthead',
      token: editor.token,
      payload: { mastheadTitle: 'Editors write this', mastheadBody: 'And this.' },
    });
    expect(masthead.statusCode, masthead.body).toBe(200);
    expect((await get('/api/vacancy/staff', editor.token)).statusCode).toBe(200);
  });

  it('has nothing to do with users, mailboxes, messages, settings or the audit trail', async () => {
    for (const url of [
      '/api/users/all',
      '/api/mailboxes/all',
      '/api/messages',
      '/api/settings/admin',
      '/api/audit',
      '/api/dashboard',
    ])
      expect([url, (await get(url, editor.token)).statusCode]).toEqual([url, 403]);
  });
});

describe('a recruiter', () => {
  it('sees the vacancies and the applications for them, not the other messages', async () => {
    const outbox = outboxService(ctx.app.db);
    const base = { fullName: 'Pat', phoneNumber: '', message: 'Hello there.' };
    await outbox.enqueue({ ...base, email: 'question@example.com' });
    await outbox.enqueue({ ...base, email: 'applicant@example.com', vacancyId: 1, vacancyTitle: 'Java Developer' });
    expect((await get('/api/vacancy/staff', recruiter.token)).statusCode).toBe(200);
    const seen = (await get('/api/messages?pageSize=100', recruiter.token)).json() as MessagesPage;
    expect(seen.items.map((m) => m.email)).toContain('applicant@example.com');
    expect(seen.items.every((m) => m.vacancyTitle)).toBe(true);
    expect(seen.total).toBe(seen.items.length);
    const all = (await get('/api/messages?pageSize=100', ctx.adminToken)).json() as MessagesPage;
    expect(all.items.map((m) => m.email)).toContain('question@example.com');
  });

  it('sees nothing else', async () => {
    for (const url of [
      '/api/posts/staff',
      '/api/users/all',
      '/api/mailboxes/all',
      '/api/audit',
      '/api/messages/export?email=a@b.example',
    ])
      expect([url, (await get(url, recruiter.token)).statusCode]).toEqual([url, 403]);
  });
});

describe('role changes', () => {
  it('are in the audit trail as other user changes are', async () => {
    const roles = (await get('/api/roles', ctx.adminToken)).json() as { id: number; name: string }[];
    expect(roles.map((r) => r.name)).toEqual(
      expect.arrayContaining(['ROLE_ADMIN', 'ROLE_USER', 'ROLE_CONTRIBUTOR', 'ROLE_EDITOR', 'ROLE_RECRUITER']),
    );
    const editorRole = roles.find((r) => r.name === 'ROLE_EDITOR')!.id;
    const res = await call(ctx.app, {
      method: 'PUT',
      url: `/api/users/update/${other.userId}`,
      token: ctx.adminToken,
      payload: { password: 'another-pw', roleIds: [editorRole] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (await get('/api/audit?area=users', ctx.adminToken)).json().items as {
      action: string;
      recordId: string;
      changes: Record<string, { from?: unknown; to?: unknown }>;
    }[];
    const row = rows.find((r) => r.action === 'update' && r.recordId === String(other.userId))!;
    expect(row.changes['roles']).toEqual({ from: ['ROLE_CONTRIBUTOR'], to: ['ROLE_EDITOR'] });
  });
});
