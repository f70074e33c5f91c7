import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helper';

// A cold cache meets a crowd: one request renders each address, the others get what it stored.
const webDist = path.resolve(import.meta.dirname, '../../../../web/dist');
if (!fs.existsSync(path.join(webDist, 'server/entry-server.js'))) {
  throw new Error(`No web build in ${webDist}: run \`npm run build\` (or \`npm test\`, which builds when needed).`);
}
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ webDist });
});
afterAll(() => app?.close());

const crowd = (url: string, n = 30) => Promise.all(Array.from({ length: n }, () => app.inject({ method: 'GET', url })));

describe('thirty requests at once for an address that is not cached', () => {
  // The API read first: rendering / reads it too, and would leave it cached.
  for (const url of ['/api/vacancy', '/', '/about']) {
    it(`render ${url} once and answer the others from the cache, all alike`, async () => {
      const answers = await crowd(url);
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
      expect(answers.filter((a) => a.headers['x-cache'] === 'miss')).toHaveLength(1);
      expect(answers.filter((a) => a.headers['x-cache'] === 'hit')).toHaveLength(answers.length - 1);
      expect(new Set(answers.map((a) => a.headers['etag'])).size).toBe(1);
    });
  }

  it('each render their own when the first one stores nothing (an unknown post)', async () => {
    const answers = await crowd('/post/99999998', 5);
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404, 404]);
    for (const a of answers) expect(a.body).toContain('Invalid Post ID');
  });
});
