/**
 * The product runs on the Node.js major that tools/node-runtime names (docs/decisions/0099-node-24-runtime.md):
 * the test run itself, which `npm test` starts on a machine whose own Node may be older, and the
 * places that state the runtime for production and for installs.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;
const runtime = readJson('tools/node-runtime/package.json') as {
  version: string;
  optionalDependencies: Record<string, string>;
};
const major = runtime.version.split('.')[0]!;

describe('Node.js runtime', () => {
  it('the tests run on the Node major the project names', () => {
    expect(process.versions.node.split('.')[0]).toBe(major);
  });

  it('an npm script runs on that Node even when the machine has another', () => {
    // npm puts node_modules/.bin, where the runtime package links `node`, first on a script's PATH.
    const printed = execFileSync('npm', ['exec', '--', 'node', '--version'], {
      cwd: root,
      env: { ...process.env, PATH: `/usr/bin:/bin:${process.env['PATH'] ?? ''}` },
      encoding: 'utf8',
    }).trim();
    expect(printed).toBe(`v${runtime.version}`);
  });

  it('every platform package ships the same version, and engines accept it', () => {
    for (const version of Object.values(runtime.optionalDependencies)) expect(version).toBe(runtime.version);
    const engines = (readJson('package.json') as { engines: { node: string } }).engines.node;
    const floor = /^>=(\d+)\.(\d+)$/.exec(engines);
    expect(floor?.[1]).toBe(major);
    expect(Number(runtime.version.split('.')[1])).toBeGreaterThanOrEqual(Number(floor?.[2]));
  });

  it('the compiled server is built for that major', () => {
    const build = fs.readFileSync(path.join(root, 'scripts/build/build-server.mjs'), 'utf8');
    expect(/target: 'node(\d+)/.exec(build)?.[1]).toBe(major);
  });

  it('the container image runs the same major', () => {
    const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    // Base images named directly or through an ARG the FROM lines use.
    const bases = [...dockerfile.matchAll(/^(?:FROM|ARG NODE_IMAGE=)\s*node:(\d+)[.\-:@]/gm)];
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases) expect(base[1]).toBe(major);
    for (const from of dockerfile.matchAll(/^FROM (\S+)/gm)) expect(from[1]).toMatch(/^(node:\d|\$\{NODE_IMAGE\})/);
  });
});
