import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helper';

/**
 * The OpenAPI document as the tools its users run read it (decision 0110): Redocly's linter with its
 * recommended rules, and openapi-typescript, whose client must compile with the named types a
 * client author reaches for. Each tool runs once, on the document the app serves.
 */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const bin = (file: string) => path.join(root, 'node_modules', file);
// Pages need the built web app, so that the page routes (the SSR catch-all among them) exist and
// can be seen to stay out of the document; `npm test` builds it when it is missing or stale.
const webDist = path.resolve(root, 'apps/web/dist');
if (!fs.existsSync(path.join(webDist, 'server/entry-server.js'))) {
  throw new Error(`No web build in ${webDist}: run \`npm run build\` (or \`npm test\`, which builds when needed).`);
}
const PUBLIC_URL = 'https://www.redwall.test';
const ctx = useTestApp({ seedDemo: false, webDist, publicUrl: PUBLIC_URL });

type Operation = { operationId?: string; summary?: string; responses: Record<string, Json> };
type Json = { [key: string]: unknown };
let dir: string;
let specFile: string;
let doc: {
  openapi: string;
  info: Json;
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, Json> };
};
const operations = () =>
  Object.entries(doc.paths).flatMap(([p, ops]) => Object.entries(ops).map(([method, op]) => ({ path: p, method, op })));
const jsonSchemaOf = (op: Operation | undefined, code: string) =>
  (op?.responses[code] as { content?: Record<string, { schema: Json }> } | undefined)?.content?.['application/json']
    ?.schema;

beforeAll(async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode, res.body).toBe(200);
  doc = res.json();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
  specFile = path.join(dir, 'openapi.json');
  fs.writeFileSync(specFile, res.body);
});
afterAll(() => dir && fs.rmSync(dir, { recursive: true, force: true }));

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the site as its server and a licence', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([expect.objectContaining({ url: PUBLIC_URL })]);
    expect(doc.info).toMatchObject({ title: expect.any(String), license: { name: expect.any(String) } });
  });

  it('describes the API only: no page, image, feed or config route', () => {
    const paths = Object.keys(doc.paths);
    expect(operations().length).toBeGreaterThan(60);
    expect(paths.filter((p) => !p.startsWith('/api/'))).toEqual([]);
    // Served by the app all the same.
    expect(ctx.app.hasRoute({ method: 'GET', url: '/*' })).toBe(true);
    expect(ctx.app.hasRoute({ method: 'GET', url: '/rss.xml' })).toBe(true);
  });

  it('names every operation once, in camelCase, with a summary written for people', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.filter((id) => !/^[a-z][A-Za-z0-9]*$/.test(id ?? ''))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path: p, method, op } of operations()) {
      // Not the method and path again (what the document used to make up), nor the role.
      expect(op.summary, `${method} ${p}`).toMatch(/^[A-Z]/);
      expect(op.summary, `${method} ${p}`).not.toMatch(/^(GET|POST|PUT|DELETE) \/|\/api\/|ROLE_/);
    }
    expect(doc.paths['/api/posts/{id}']?.['get']?.operationId).toBe('getPost');
    expect(doc.paths['/api/vacancy']?.['get']?.operationId).toBe('listOpenVacancies');
  });

  it('refers to the shared schemas by name', () => {
    const schemas = doc.components.schemas ?? {};
    for (const name of ['Post', 'Vacancy', 'Error', 'User', 'Mailbox', 'Provider', 'MailLog', 'Message'])
      expect(schemas, name).toHaveProperty(name);
    expect(schemas['Post']).toMatchObject({ type: 'object', properties: { id: { type: 'number' } } });
    expect(jsonSchemaOf(doc.paths['/api/posts/{id}']?.['get'], '200')).toEqual({ $ref: '#/components/schemas/Post' });
    expect(jsonSchemaOf(doc.paths['/api/posts/{id}']?.['get'], '404')).toEqual({ $ref: '#/components/schemas/Error' });
    expect(jsonSchemaOf(doc.paths['/api/vacancy']?.['get'], '200')).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Vacancy' },
    });
    // Every component is used: none is left over from the registry.
    const text = JSON.stringify(doc.paths) + JSON.stringify(schemas);
    for (const name of Object.keys(schemas)) expect(text, name).toContain(`"#/components/schemas/${name}"`);
  });

  it('passes `redocly lint` (recommended rules) without errors', async () => {
    // The linter exits 1 when it finds errors; its report says which.
    const stdout = await run(
      process.execPath,
      [bin('@redocly/cli/bin/cli.js'), 'lint', specFile, '--format=json', '--max-problems=1000'],
      // No telemetry or update check from a test run.
      { cwd: dir, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).then(
      (done) => done.stdout,
      (err: { stdout?: string }) => err.stdout ?? '',
    );
    const report = JSON.parse(stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; severity: string; message: string }[];
    };
    expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(report.totals.errors).toBe(0);
    // The warnings that remain, and why (docs/decisions/0110-openapi-operation-ids-and-named-schemas.md):
    // - no-ambiguous-paths: the spec's paths (/users/getById/{id} beside /users/{id}/reset-2fa, …);
    // - operation-4xx-response: public reads without input (the open vacancies, the page texts, the
    //   health check, the captcha challenge) have no 4xx answer to document.
    const expected = new Set(['no-ambiguous-paths', 'operation-4xx-response']);
    expect(report.problems.filter((p) => !expected.has(p.ruleId))).toEqual([]);
  });

  it('generates a typed client with openapi-typescript that compiles with the named types', async () => {
    const client = path.join(dir, 'api.d.ts');
    await run(process.execPath, [bin('openapi-typescript/bin/cli.js'), specFile, '--output', client], { cwd: dir });
    const consumer = path.join(dir, 'consumer.ts');
    fs.writeFileSync(
      consumer,
      `import type { components, operations, paths } from './api';

type Post = components['schemas']['Post'];
type Vacancy = components['schemas']['Vacancy'];
type ApiError = components['schemas']['Error'];
type GetPost = operations['getPost'];

const post = {} as GetPost['responses'][200]['content']['application/json'];
export const named: Post = post;
export const title: string = post.name;
export const id: GetPost['parameters']['path']['id'] = '3';
export const missing: ApiError = {} as GetPost['responses'][404]['content']['application/json'];
export const code: number = missing.statusCode;
export const open: Vacancy[] = {} as operations['listOpenVacancies']['responses'][200]['content']['application/json'];
export const closing: string | null = open[0]!.closingDate;
export const same: paths['/api/posts/{id}']['get'] = {} as GetPost;
`,
    );
    await run(
      process.execPath,
      [
        bin('typescript/bin/tsc'),
        '--noEmit',
        '--strict',
        '--noUncheckedIndexedAccess',
        '--target',
        'es2022',
        '--module',
        'esnext',
        '--moduleResolution',
        'bundler',
        consumer,
      ],
      { cwd: dir },
    ).catch((err: { stdout?: string }) => {
      throw new Error(`tsc refused the generated client:\n${err.stdout}`);
    });
  });
});
