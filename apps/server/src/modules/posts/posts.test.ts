import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { count } from 'drizzle-orm';
import { LIMITS } from '@app/shared/constants';
import { MSG } from '@app/shared/messages';
import type { Post } from '@app/shared/schemas/posts';
import { images } from '../../db/schema';
import { withStatementsHeld } from '../../../test/hold-statements';
import { call, tokenFor, useTestApp } from '../../../test/helper';
import { file, multipart, type Part } from '../../../test/multipart';
import { png, postJson } from '../../../test/post-fixtures';
import { LIKE_LIMIT } from './service';

const ctx = useTestApp();

const send = async (method: 'POST' | 'PUT', url: string, parts: Part[], token = ctx.adminToken) =>
  call(ctx.app, { method, url, token, ...(await multipart(parts)) });
const create = (parts: Part[]) => send('POST', '/api/posts', parts);
const update = (id: number, parts: Part[]) => send('PUT', `/api/posts/${id}`, parts);
const getPost = async (id: number) => (await call(ctx.app, { method: 'GET', url: `/api/posts/${id}` })).json() as Post;
/** A staff answer as the public one shows the same post: without its owner and review mark. */
const publicView = ({ ownerId: _owner, reviewRequestedAt: _review, ...post }: Post) => post;
const allPosts = async () => (await call(ctx.app, { method: 'GET', url: '/api/posts' })).json() as Post[];
const fetchImage = (path: string) => ctx.app.inject({ method: 'GET', url: path });

async function createWithImages(n: number, name = 'With images'): Promise<Post> {
  const parts: Part[] = [['post', postJson({ name })]];
  for (let i = 0; i < n; i++) parts.push(['imageFiles', file(await png(40 + i, 30)), `img${i}.png`]);
  const res = await create(parts);
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('public reads', () => {
  it('lists the posts newest first with their images as URLs and sizes', async () => {
    const posts = await allPosts();
    expect(posts.length).toBeGreaterThanOrEqual(3);
    const dates = posts.map((p) => Date.parse(p.date));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const withImages = posts.find((p) => p.postImages.length > 0)!;
    expect(withImages.postImages[0]).toEqual({
      imageType: expect.stringMatching(/^image\//),
      imagePath: expect.stringMatching(/^\/images\/[\w-]+\.(jpg|png|webp)$/),
      width: expect.any(Number),
      height: expect.any(Number),
      alt: expect.any(String),
      caption: expect.any(String),
      // The demo seed's images have their narrower copies too.
      srcSet: {
        webp: expect.stringMatching(/\.480w\.webp 480w, .+\.800w\.webp 800w, .+\.webp \d+w$/),
        avif: expect.stringMatching(/\.480w\.avif 480w, .+\.800w\.avif 800w, .+\.\d+w\.avif \d+w$/),
      },
    });
    expect(new Date(withImages.date).toISOString()).toBe(withImages.date);
  });

  it('reads one post, 404 when missing, 400 when the id is not a number', async () => {
    const [first] = await allPosts();
    expect(await getPost(first!.id)).toEqual(first);
    const missing = await call(ctx.app, { method: 'GET', url: '/api/posts/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MSG.postNotFound);
    expect((await call(ctx.app, { method: 'GET', url: '/api/posts/abc' })).statusCode).toBe(400);
    expect((await call(ctx.app, { method: 'GET', url: '/api/posts/0' })).statusCode).toBe(400);
  });

  it('gives every post its version (list, detail and search); a new post starts at 0', async () => {
    for (const p of await allPosts()) expect(p.version).toEqual(expect.any(Number));
    const post = await createWithImages(0, 'Versioned post');
    expect(post.version).toBe(0);
    expect((await getPost(post.id)).version).toBe(0);
    const hits = (await call(ctx.app, { method: 'GET', url: '/api/posts/search/Versioned' })).json() as Post[];
    expect(hits.find((p) => p.id === post.id)?.version).toBe(0);
  });
});

describe('search', () => {
  let found: Post;
  beforeAll(async () => {
    const res = await create([
      ['post', postJson({ name: 'Sécurité réseau', content: 'Pare-feu et détection d’intrusion.' })],
      ['imageFiles', file(await png(20, 10)), 'a.png'],
    ]);
    found = res.json();
  });
  const search = (keyword: string) =>
    call(ctx.app, { method: 'GET', url: `/api/posts/search/${encodeURIComponent(keyword)}` });

  it.each(['securite', 'SÉCURITÉ', 'Réseau', 'securite reseau', 'DETECTION'])(
    'finds the post with %j',
    async (keyword) => {
      const res = await search(keyword);
      expect(res.statusCode).toBe(200);
      const hit = (res.json() as (Post & { img: string[] })[]).find((p) => p.id === found.id);
      expect(hit).toBeDefined();
      expect(hit!.img).toEqual(found.postImages.map((i) => i.imagePath));
    },
  );

  it('needs every word and treats LIKE wildcards literally', async () => {
    expect((await search('securite kubernetes')).json()).toEqual([]);
    expect((await search('%')).json()).toEqual([]);
    expect((await search('_')).json()).toEqual([]);
  });

  it('searches by a keyword of up to 200 characters, and refuses a longer one with its own message', async () => {
    const post = await createWithImages(0, `Long ${'é'.repeat(150)} title`);
    const found = await call(ctx.app, {
      method: 'GET',
      url: `/api/posts/search/${encodeURIComponent('é'.repeat(150))}`,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().map((p: { id: number }) => p.id)).toEqual([post.id]);
    for (const url of [
      `/api/posts/search/${encodeURIComponent('é'.repeat(201))}`,
      `/api/posts?q=${'a'.repeat(201)}`,
      `/api/posts/staff?q=${'a'.repeat(201)}`,
    ]) {
      const res = await call(ctx.app, { method: 'GET', url, token: ctx.adminToken });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.searchTooLong);
    }
  });

  it('refuses a blank keyword with the spec message', async () => {
    for (const url of ['/api/posts/search/%20%20', '/api/posts/search/']) {
      const res = await call(ctx.app, { method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.searchEmpty);
    }
  });
});

describe('like', () => {
  it('counts likes, limits them per address and post, and 404s a missing post', async () => {
    const post = await createWithImages(0, 'Likeable');
    const like = (remoteAddress: string, id = post.id) =>
      call(ctx.app, { method: 'PUT', url: `/api/posts/${id}/like`, remoteAddress });
    const first = await like('10.0.0.1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ likes: 1 });
    expect((await like('10.0.0.2')).json()).toEqual({ likes: 2 });
    for (let i = 1; i < LIKE_LIMIT; i++) expect((await like('10.0.0.1')).statusCode).toBe(200);
    const limited = await like('10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MSG.tooManyRequests);
    expect((await getPost(post.id)).likes).toBe(LIKE_LIMIT + 1);
    expect((await like('10.0.0.3', 999999)).statusCode).toBe(404);
  });
});

describe('create', () => {
  it('stores a multipart post with its images in order', async () => {
    const res = await create([
      ['post', postJson({ name: '  Spaced title ', tags: ['a', 'b'] })],
      ['imageFiles', file(await png(40, 30)), 'first.png'],
      [
        'imageFiles',
        file(
          await sharp(await png(50, 20))
            .jpeg()
            .toBuffer(),
          'image/jpeg',
        ),
        'second.jpg',
      ],
    ]);
    expect(res.statusCode).toBe(201);
    const post = res.json() as Post;
    expect(post).toMatchObject({ name: 'Spaced title', postedBy: 'Tester', tags: ['a', 'b'], likes: 0 });
    expect(post.postImages.map((i) => [i.imageType, i.width, i.height])).toEqual([
      ['image/png', 40, 30],
      ['image/jpeg', 50, 20],
    ]);
    expect(await getPost(post.id)).toEqual(publicView(post));
    const img = await fetchImage(post.postImages[1]!.imagePath);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
  });

  it("accepts 'post' sent as a JSON Blob and a plain JSON body", async () => {
    const blob = await create([
      ['post', new Blob([postJson({ name: 'Blob post' })], { type: 'application/json' }), 'blob'],
    ]);
    expect(blob.statusCode).toBe(201);
    expect(blob.json().name).toBe('Blob post');
    const json = await call(ctx.app, {
      method: 'POST',
      url: '/api/posts',
      token: ctx.adminToken,
      payload: JSON.parse(postJson({ name: 'Json post' })),
    });
    expect(json.statusCode).toBe(201);
    expect(json.json().postImages).toEqual([]);
  });

  it.each([
    [{ content: 'too short' }, 'content', MSG.postContentMin],
    [{ content: '   ' }, 'content', MSG.postContentRequired],
    [{ name: '' }, 'name', MSG.postNameRequired],
    [{ name: 'x'.repeat(LIMITS.title + 1) }, 'name', MSG.postNameTooLong],
    [{ postedBy: ' ' }, 'postedBy', MSG.postedByRequired],
    [{ tags: ['Dup', 'dup'] }, 'tags', MSG.tagsDuplicate],
    [{ tags: ['x'.repeat(LIMITS.tag + 1)] }, 'tags.0', MSG.tagTooLong],
    [{ tags: Array.from({ length: LIMITS.tags + 1 }, (_, i) => `t${i}`) }, 'tags', MSG.tagsTooMany],
    [{ isAdmin: true }, 'isAdmin', 'Unknown field: isAdmin.'],
    // A version belongs to an edit (PUT): a new post starts at 0.
    [{ version: 0 }, 'version', 'Unknown field: version.'],
  ])('refuses %j with 400 and stores nothing', async (over, field, message) => {
    const before = await allPosts();
    const res = await create([
      ['post', postJson(over)],
      ['imageFiles', file(await png(10, 10)), 'x.png'],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    expect(await allPosts()).toEqual(before);
  });

  it('refuses a missing post part, bad JSON and unknown parts', async () => {
    expect((await create([['imageFiles', file(await png(10, 10)), 'x.png']])).statusCode).toBe(400);
    expect((await create([['post', '{not json']])).statusCode).toBe(400);
    const unknown = await create([
      ['post', postJson()],
      ['extra', 'x'],
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown field: extra.');
  });

  it('refuses a file that is not an image with 415 naming the file, and stores nothing', async () => {
    const before = await allPosts();
    const res = await create([
      ['post', postJson()],
      ['imageFiles', file(await png(10, 10)), 'ok.png'],
      ['imageFiles', file(Buffer.from('%PDF-1.4 not an image'), 'image/png'), 'fake.png'],
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(`fake.png: ${MSG.imageNotAnImage}`);
    expect(await allPosts()).toEqual(before);
  });

  it('names a refused file on update too, cleaned of control characters and folders', async () => {
    const post = await createWithImages(0, 'Refused on update');
    const res = await update(post.id, [
      ['post', postJson({ version: post.version })],
      ['imageFiles', file(Buffer.from('plain text'), 'text/plain'), 'C:\\docs\\notes\u0007.txt'],
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(`notes.txt: ${MSG.imageNotAnImage}`);
    expect((await getPost(post.id)).version).toBe(post.version);
  });

  it('refuses a file over the size limit with 413 while streaming', async () => {
    const res = await create([
      ['post', postJson()],
      ['imageFiles', file(Buffer.alloc(LIMITS.imageBytes + 1)), 'big.png'],
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(MSG.imageTooLarge);
  });

  it('refuses more files than the per-request limit with 413', async () => {
    const tiny = file(await png(2, 2));
    const parts: Part[] = [['post', postJson()]];
    for (let i = 0; i <= LIMITS.imagesPerRequest; i++) parts.push(['imageFiles', tiny, `${i}.png`]);
    const res = await create(parts);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(MSG.imagesTooMany);
  });

  it('refuses a decompression bomb (a small file of 49 megapixels) with 413', async () => {
    const bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
    expect(bomb.length).toBeLessThan(LIMITS.imageBytes);
    const res = await create([
      ['post', postJson()],
      ['imageFiles', file(bomb), 'bomb.png'],
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(`bomb.png: ${MSG.imageTooManyPixels}`);
  });

  it('needs an administrator (401 without a session, 403 for ROLE_USER)', async () => {
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' },
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    const { token } = await tokenFor(ctx.app, 'ROLE_USER');
    expect((await send('POST', '/api/posts', [['post', postJson()]], token)).statusCode).toBe(403);
  });
});

describe('update', () => {
  const paths = (p: Post) => p.postImages.map((i) => i.imagePath);

  it('keeps the listed images in the given order and appends new uploads', async () => {
    const post = await createWithImages(3);
    const [a, b, c] = paths(post);
    const res = await update(post.id, [
      ['post', JSON.stringify({ ...post, name: 'Renamed' })],
      ['areImagesSelected', 'true'],
      ['imagePaths', c!],
      ['imagePaths', a!],
      ['imageFiles', file(await png(77, 33)), 'new.png'],
    ]);
    expect(res.statusCode).toBe(200);
    const updated = res.json() as Post;
    expect(updated.name).toBe('Renamed');
    expect(updated.date).toBe(post.date);
    expect(paths(updated).slice(0, 2)).toEqual([c, a]);
    expect(updated.postImages[2]).toMatchObject({ width: 77, height: 33 });
    expect(updated.postImages).toHaveLength(3);
    // The dropped image was used by this post only: it is gone.
    expect((await fetchImage(b!)).statusCode).toBe(404);
    expect((await fetchImage(a!)).statusCode).toBe(200);
  });

  it('keeps every image when areImagesSelected is false and no imagePaths are sent', async () => {
    const post = await createWithImages(2);
    const res = await update(post.id, [
      ['post', postJson({ name: 'Kept', version: post.version })],
      ['areImagesSelected', 'false'],
    ]);
    expect(res.statusCode).toBe(200);
    expect(paths(res.json())).toEqual(paths(post));
    const added = await update(post.id, [
      ['post', postJson({ version: post.version + 1 })],
      ['areImagesSelected', 'false'],
      ['imageFiles', file(await png(9, 9)), 'n.png'],
    ]);
    expect(paths(added.json()).slice(0, 2)).toEqual(paths(post));
    expect(added.json().postImages).toHaveLength(3);
  });

  it('replaces the images when new ones are selected and none is listed to keep', async () => {
    const post = await createWithImages(2);
    const res = await update(post.id, [
      ['post', postJson({ version: post.version })],
      ['areImagesSelected', 'true'],
      ['imageFiles', file(await png(12, 8)), 'r.png'],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().postImages).toEqual([expect.objectContaining({ width: 12, height: 8 })]);
    for (const p of paths(post)) expect((await fetchImage(p)).statusCode).toBe(404);
  });

  it('accepts a plain JSON body and keeps the images', async () => {
    const post = await createWithImages(1);
    const res = await call(ctx.app, {
      method: 'PUT',
      url: `/api/posts/${post.id}`,
      token: ctx.adminToken,
      payload: { ...post, content: 'New content here.' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...post,
      content: 'New content here.',
      html: '<p>New content here.</p>\n',
      text: 'New content here.',
      version: post.version + 1,
    });
  });

  it('changes nothing when the update is refused', async () => {
    const post = await createWithImages(2);
    const foreign = (await createWithImages(1)).postImages[0]!.imagePath;
    const version = post.version;
    const attempts: Part[][] = [
      [
        ['post', postJson({ content: 'short', version })],
        ['areImagesSelected', 'true'],
      ],
      [
        ['post', postJson({ name: 'Changed', version })],
        ['imagePaths', foreign],
      ],
      [
        ['post', postJson({ name: 'Changed', version })],
        ['imageFiles', file(Buffer.from('nope')), 'x.png'],
      ],
      [
        ['post', postJson({ name: 'Changed', version })],
        ['areImagesSelected', '"yes"'],
      ],
    ];
    const statuses = [];
    for (const parts of attempts) statuses.push((await update(post.id, parts)).statusCode);
    expect(statuses).toEqual([400, 400, 415, 400]);
    expect(await getPost(post.id)).toEqual(publicView(post));
  });

  it('answers 404 for a missing post and 400 for a bad id', async () => {
    expect((await update(999999, [['post', postJson()]])).statusCode).toBe(404);
    expect((await update(999999, [['post', postJson({ version: 0 })]])).statusCode).toBe(404);
    expect((await update(Number.NaN, [['post', postJson()]])).statusCode).toBe(400);
  });
});

describe('update with optimistic locking', () => {
  const paths = (p: Post) => p.postImages.map((i) => i.imagePath);
  const imageCount = async () => (await ctx.app.db.select({ n: count() }).from(images))[0]!.n;
  const json = (id: number, payload: object) =>
    call(ctx.app, { method: 'PUT', url: `/api/posts/${id}`, token: ctx.adminToken, payload });

  it('saves with the version that was read and adds one; likes do not change it', async () => {
    const post = await createWithImages(1, 'Locked');
    expect(
      (await call(ctx.app, { method: 'PUT', url: `/api/posts/${post.id}/like`, remoteAddress: '10.9.0.1' })).statusCode,
    ).toBe(200);
    const res = await update(post.id, [['post', JSON.stringify({ ...post, name: 'Locked, edited' })]]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Locked, edited', version: 1, likes: 1, postImages: post.postImages });
    expect(await getPost(post.id)).toEqual(publicView(res.json()));
    const again = await update(post.id, [['post', JSON.stringify({ ...(res.json() as Post), name: 'Third' })]]);
    expect(again.json()).toMatchObject({ name: 'Third', version: 2 });
  });

  it('refuses a stale version with 409 and overwrites nothing, images included', async () => {
    const post = await createWithImages(2, 'Two editors');
    const first = await update(post.id, [['post', JSON.stringify({ ...post, name: 'First editor' })]]);
    expect(first.statusCode).toBe(200);
    const saved = first.json() as Post;
    const images = await imageCount();
    // The second editor read version 0: new text, one image dropped, one added.
    const stale = await update(post.id, [
      ['post', JSON.stringify({ ...post, name: 'Second editor' })],
      ['areImagesSelected', 'true'],
      ['imagePaths', paths(post)[1]!],
      ['imageFiles', file(await png(31, 17)), 'late.png'],
    ]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(MSG.postStale);
    expect(await getPost(post.id)).toEqual(publicView(saved));
    expect(await imageCount()).toBe(images);
    for (const p of paths(post)) expect((await fetchImage(p)).statusCode).toBe(200);
    // A plain JSON body is held to the same rule.
    const staleJson = await json(post.id, { ...post, content: 'Stale JSON content.' });
    expect(staleJson.statusCode).toBe(409);
    expect(await getPost(post.id)).toEqual(publicView(saved));
  });

  it('refuses a missing version with 409 and a version that is not a whole number ≥ 0 with 400', async () => {
    const post = await createWithImages(1, 'No version');
    const { version: _version, ...withoutVersion } = post;
    const missing = await update(post.id, [['post', JSON.stringify({ ...withoutVersion, name: 'Changed' })]]);
    expect(missing.statusCode).toBe(409);
    expect(missing.json().message).toBe(MSG.postStale);
    expect((await json(post.id, { ...withoutVersion, name: 'Changed' })).statusCode).toBe(409);
    for (const version of ['0', 'zero', -1, 0.5, null]) {
      const res = await update(post.id, [['post', JSON.stringify({ ...post, name: 'Changed', version })]]);
      expect(res.statusCode, JSON.stringify(version)).toBe(400);
      expect(res.json().errors).toContainEqual({ field: 'version', message: expect.any(String) });
    }
    expect(await getPost(post.id)).toEqual(publicView(post));
  });

  it('two saves of the same version at once: one 200, one 409, and only the images of the winner are stored', async () => {
    const post = await createWithImages(2, 'Race');
    const images = await imageCount();
    const save = async (name: string, width: number) =>
      update(post.id, [
        ['post', JSON.stringify({ ...post, name })],
        ['areImagesSelected', 'true'],
        ['imageFiles', file(await png(width, 10)), `${name}.png`],
      ]);
    // Both requests read version 0 before either writes: the service's early check passes for both.
    const { result: answers, held } = await withStatementsHeld(
      ctx.app.db,
      /^select .* from "posts" where "posts"."id" = \$1$/,
      2,
      () => Promise.all([save('Editor A', 21), save('Editor B', 22)]),
    );
    expect(held).toBe(2);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json() as Post;
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(MSG.postStale);
    const stored = await getPost(post.id);
    expect(stored).toEqual(publicView(winner));
    expect(stored).toMatchObject({
      version: 1,
      postImages: [expect.objectContaining({ width: winner.name === 'Editor A' ? 21 : 22 })],
    });
    // The two old images are gone, the winner's one is stored, the loser's never was.
    expect(await imageCount()).toBe(images - 2 + 1);
  });
});

describe('delete', () => {
  it('deletes the post and its images, then 404s', async () => {
    const post = await createWithImages(1);
    const res = await call(ctx.app, { method: 'DELETE', url: `/api/posts/${post.id}`, token: ctx.adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.postDeleted });
    expect((await call(ctx.app, { method: 'GET', url: `/api/posts/${post.id}` })).statusCode).toBe(404);
    expect((await fetchImage(post.postImages[0]!.imagePath)).statusCode).toBe(404);
    expect(
      (await call(ctx.app, { method: 'DELETE', url: `/api/posts/${post.id}`, token: ctx.adminToken })).statusCode,
    ).toBe(404);
    expect((await call(ctx.app, { method: 'DELETE', url: '/api/posts/x', token: ctx.adminToken })).statusCode).toBe(
      400,
    );
  });
});
