/**
 * The web app's layer rules (zones/boundaries in eslint.config.js), the server's (server-zones/boundaries)
 * and the absence of import cycles. The lint rule is exercised through ESLint itself, on probe files that do not exist: a
 * feature importing another feature statically and dynamically, a feature reaching into app/, ui/
 * into features/ and lib/ into ui/ must each fail; imports along the allowed directions must not.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const webSrc = path.join(root, 'apps/web/src');
const sharedSrc = path.join(root, 'packages/shared/src');
const serverSrc = path.join(root, 'apps/server/src');
const RULE = 'zones/boundaries';

const eslint = new ESLint({ cwd: root });

/** The zone rule's messages (and any parse failure) for `code` as if it were the file `file`. */
async function zoneErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(webSrc, file) });
  return result!.messages.filter((m) => m.ruleId === RULE || m.fatal).map((m) => `${m.line}: ${m.message}`);
}

describe('lint zones', () => {
  it('refuses a static import of another feature', async () => {
    const errors = await zoneErrors(
      'features/home/zone-probe.tsx',
      "import { ContactForm } from '../contact/contact-form';\nexport const Probe = ContactForm;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/features\/home must not import features\/contact/);
  });

  it('refuses a dynamic import() of another feature', async () => {
    const errors = await zoneErrors(
      'features/vacancies-public/zone-probe.ts',
      "export const load = () => import('../contact/contact-form');\n" +
        'export const load2 = () => import(`../../features/home/home-page`);\n',
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/features\/vacancies-public must not import features\/contact/);
    expect(errors[1]).toMatch(/features\/vacancies-public must not import features\/home/);
  });

  it('refuses the other wrong directions: feature → app, ui → feature or app, lib → ui, relative path into a package', async () => {
    expect(
      await zoneErrors('features/home/zone-probe.ts', "export { routes } from '../../app/routes';\n"),
    ).toHaveLength(1);
    expect(
      await zoneErrors(
        'ui/public/zone-probe.ts',
        "export { HomePage } from '../../features/home/home-page';\nexport type R = typeof import('../../app/routes');\n",
      ),
    ).toHaveLength(2);
    expect(await zoneErrors('lib/zone-probe.ts', "export * from '../ui/public/format';\n")).toHaveLength(1);
    expect(
      await zoneErrors(
        'features/home/zone-probe.ts',
        "export { MSG } from '../../../../../packages/shared/src/messages';\n",
      ),
    ).toHaveLength(1);
  });

  it('allows a feature its own files, lib/, ui/ and @app/shared, and app/ everything', async () => {
    expect(
      await zoneErrors(
        'features/home/zone-probe.tsx',
        [
          "import { apiFetch } from '../../lib/api-client';",
          "import { PageHeader } from '../../ui/public/page-header';",
          "import { MSG } from '@app/shared/messages';",
          "import { HomePage } from './home-page';",
          "export const load = () => import('./services-page');",
          'export const probe = [apiFetch, PageHeader, MSG, HomePage];',
        ].join('\n'),
      ),
    ).toEqual([]);
    expect(
      await zoneErrors(
        'app/zone-probe.ts',
        "export const load = () => import('../features/contact/contact-form');\nexport { page } from '../lib/lazy';\n",
      ),
    ).toEqual([]);
  });
});

const SERVER_RULE = 'server-zones/boundaries';

/** The server zone rule's messages (and any parse failure) for `code` as if it were `file` under apps/server/src. */
async function serverZoneErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(serverSrc, file) });
  return result!.messages.filter((m) => m.ruleId === SERVER_RULE || m.fatal).map((m) => `${m.line}: ${m.message}`);
}

describe('server lint zones', () => {
  it("refuses a module importing another module's internals, statically, dynamically or as a type", async () => {
    const errors = await serverZoneErrors(
      'modules/dashboard/zone-probe.ts',
      [
        "import { usersRepository } from '../users/repository';",
        "export { postsRepository } from '../posts/repository';",
        "export const load = () => import('../vacancies/service');",
        "export type R = typeof import('../content/repository');",
        'export const probe = usersRepository;',
      ].join('\n'),
    );
    expect(errors).toHaveLength(4);
    expect(errors[0]).toMatch(
      /the dashboard module must not import \.\.\/users\/repository.*import its face, '\.\.\/users'/,
    );
    expect(errors[2]).toMatch(/inside the vacancies module/);
  });

  it("refuses plugins/, cli/, seed/ and app.ts a module's internals, and lib/ any module at all", async () => {
    expect(
      await serverZoneErrors('plugins/zone-probe.ts', "export { authRepository } from '../modules/auth/repository';\n"),
    ).toEqual([
      expect.stringMatching(/plugins\/zone-probe\.ts must not import .*import its face, '\.\.\/modules\/auth'/),
    ]);
    expect(
      await serverZoneErrors('cli/zone-probe.ts', "export { usersRepository } from '../modules/users/repository';\n"),
    ).toHaveLength(1);
    expect(
      await serverZoneErrors('seed/zone-probe.ts', "export { postsRepository } from '../modules/posts/repository';\n"),
    ).toHaveLength(1);
    expect(
      await serverZoneErrors('zone-probe.ts', "export { auditPlugin } from './modules/audit/plugin';\n"),
    ).toHaveLength(1);
    const lib = await serverZoneErrors(
      'lib/zone-probe.ts',
      "export { usersRepository } from '../modules/users';\nexport { auditRoutes } from '../modules/audit/routes';\n",
    );
    expect(lib).toHaveLength(2);
    expect(lib[0]).toMatch(/lib\/ must not import a module/);
  });

  it('refuses a module the module registry, and the server code the test support', async () => {
    expect(await serverZoneErrors('modules/posts/zone-probe.ts', "export { serverModules } from '..';\n")).toEqual([
      expect.stringMatching(/must not import the module registry/),
    ]);
    expect(
      await serverZoneErrors('modules/posts/zone-probe.ts', "export { buildTestApp } from '../../../test/helper';\n"),
    ).toEqual([expect.stringMatching(/must not import the test support/)]);
    expect(await serverZoneErrors('zone-probe.ts', "export { testConfig } from '../test/config';\n")).toHaveLength(1);
  });

  it("allows faces, a module's own files, lib/ and plugins/, and the registry in app.ts", async () => {
    expect(
      await serverZoneErrors(
        'modules/dashboard/zone-probe.ts',
        [
          "import { usersRepository } from '../users';",
          "import { postsRepository } from '../posts/index';",
          "import { dashboardService } from './service';",
          "import { notFound } from '../../lib/http-error';",
          "import { errorBody } from '../../plugins/errors';",
          "import { outboxService } from '../outbox';",
          'export const probe = [usersRepository, postsRepository, dashboardService, notFound, errorBody, outboxService];',
        ].join('\n'),
      ),
    ).toEqual([]);
    expect(
      await serverZoneErrors(
        'app.ts',
        "export { registerModules } from './modules';\nexport { authPlugin } from './modules/auth';\n",
      ),
    ).toEqual([]);
    expect(
      await serverZoneErrors('plugins/zone-probe.ts', "export { outboxRepository } from '../modules/outbox';\n"),
    ).toEqual([]);
    expect(
      await serverZoneErrors('modules/contact/zone-probe.ts', "export { appCaptcha } from '../captcha';\n"),
    ).toEqual([]);
    // The split modules follow the same rules as the others.
    expect(
      await serverZoneErrors('modules/contact/zone-probe.ts', "export { appCaptcha } from '../captcha/captcha';\n"),
    ).toEqual([expect.stringMatching(/import its face, '..\/captcha'/)]);
    expect(await serverZoneErrors('lib/zone-probe.ts', "export { HttpError } from './http-error';\n")).toEqual([]);
  });

  it('leaves tests alone: a test looks inside what it tests', async () => {
    expect(
      await serverZoneErrors(
        'modules/users/zone-probe.test.ts',
        "export { LIKE_LIMIT } from '../posts/service';\nexport { buildTestApp } from '../../../test/helper';\n",
      ),
    ).toEqual([]);
  });
});

/** Relative and @app/shared imports of every TypeScript file under the given folders. */
function importGraph(dirs: string[]): Map<string, string[]> {
  const files = dirs.flatMap((dir) =>
    (fs.readdirSync(dir, { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
      .map((f) => path.join(dir, f)),
  );
  const resolve = (from: string, spec: string) => {
    const base = spec.startsWith('@app/shared/')
      ? path.join(sharedSrc, spec.slice('@app/shared/'.length))
      : spec.startsWith('.')
        ? path.resolve(path.dirname(from), spec)
        : undefined;
    if (!base) return undefined;
    return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
      (f) => /\.tsx?$/.test(f) && fs.existsSync(f),
    );
  };
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
      const deps = importedFiles.map((i) => resolve(file, i.fileName)).filter((f): f is string => !!f);
      return [file, [...new Set(deps)]];
    }),
  );
}

/** The import cycles of a graph (Tarjan's strongly connected components of more than one file). */
export function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('import cycles', () => {
  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ]);
    expect(cycles(graph).map((c) => c.sort())).toEqual([['a', 'b', 'c']]);
  });

  it('has none in the web app, the server and the shared package (static, dynamic and type imports)', () => {
    const graph = importGraph([webSrc, serverSrc, sharedSrc]);
    expect(graph.size).toBeGreaterThan(100);
    // The server is in the graph, with the response cache's files and what they import.
    expect(graph.get(path.join(serverSrc, 'plugins/response-cache/index.ts'))).toContain(
      path.join(serverSrc, 'lib/pg-notify-channel.ts'),
    );
    const found = cycles(graph).map((c) => c.map((f) => path.relative(root, f)));
    expect(found).toEqual([]);
  });
});
