/**
 * The measurement scripts start the server with PRODUCTION_NODE_FLAGS and PRODUCTION_ENV; `npm
 * start`, the server workspace's own `start` and the Dockerfile state them again (none can import
 * a module). A flag or variable
 * missing from either would make the figures describe a server that production does not run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV, PRODUCTION_NODE_FLAGS } from './production-server';

const root = path.resolve(import.meta.dirname, '../..');
const startScript = (
  JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start;
const serverStartScript = (
  JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start;
const dockerfile = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const dockerCmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
const dockerEnv = (/^ENV (.*)$/m.exec(dockerfile)?.[1] ?? '').split(/\s+/);

describe('the server is measured as production runs it', () => {
  it('npm start passes every flag and variable', () => {
    const command = startScript
      .slice(startScript.lastIndexOf('&&') + 2)
      .trim()
      .split(/\s+/);
    for (const flag of PRODUCTION_NODE_FLAGS) expect(command).toContain(flag);
    for (const [name, value] of Object.entries(PRODUCTION_ENV)) expect(command).toContain(`${name}=${value}`);
  });

  it("the server workspace's npm start passes every flag and variable", () => {
    const command = serverStartScript.trim().split(/\s+/);
    for (const flag of PRODUCTION_NODE_FLAGS) expect(command).toContain(flag);
    for (const [name, value] of Object.entries(PRODUCTION_ENV)) expect(command).toContain(`${name}=${value}`);
  });

  it('the Dockerfile passes every flag and variable', () => {
    expect(dockerCmd).toBeDefined();
    const command = JSON.parse(dockerCmd!) as string[];
    for (const flag of PRODUCTION_NODE_FLAGS) expect(command).toContain(flag);
    for (const [name, value] of Object.entries(PRODUCTION_ENV)) expect(dockerEnv).toContain(`${name}=${value}`);
  });
});
