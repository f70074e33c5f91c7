/**
 * /metrics as Prometheus reads it: parsed by the Prometheus project's own Python client
 * (text_string_to_metric_families, Debian's python3-prometheus-client: it raises on any line that
 * is not valid exposition format), then checked for the conventional names and labels, page route
 * patterns, the build, mail outcomes, and API traffic without the renders' own calls.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, login } from '../../test/helper';
import { contactBody, solveCaptcha, validContact } from '../../test/contact-fixtures';
import { activeMailboxFor } from '../../test/mail-fixtures';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer';
import { until } from '../../test/until';
import { RENDER_CALL_HEADER } from '../lib/render-calls';

const webDist = path.resolve(import.meta.dirname, '../../../web/dist');
if (!fs.existsSync(path.join(webDist, 'server/entry-server.js'))) {
  throw new Error(`No web build in ${webDist}: run \`npm run build\` (or \`npm test\`, which builds when needed).`);
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}
interface MetricFamily {
  /** Counters without their _total, as the client names families. */
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'info' | 'stateset' | 'gaugehistogram' | 'unknown';
  documentation: string;
  samples: Sample[];
}
/** Debian's Python, where python3-prometheus-client installs (a python3 earlier on the PATH may lack it). */
const PYTHON = '/usr/bin/python3';
const PARSE = `
import json, sys
from prometheus_client.parser import text_string_to_metric_families
print(json.dumps([
  {"name": f.name, "type": f.type, "documentation": f.documentation,
   "samples": [{"name": s.name, "labels": s.labels, "value": repr(s.value)} for s in f.samples]}
  for f in text_string_to_metric_families(sys.stdin.read())]))
`;
function parseExposition(text: string): MetricFamily[] {
  const run = spawnSync(PYTHON, ['-c', PARSE], { input: text, encoding: 'utf8' });
  if (run.error || /ModuleNotFoundError/.test(run.stderr)) {
    throw new Error(
      `The Prometheus parser is missing: apt-get install python3-prometheus-client (${run.error?.message ?? run.stderr.trim()})`,
    );
  }
  if (run.status !== 0) throw new Error(`Not valid exposition format: ${run.stderr}`);
  // Values come as Python's repr: JSON has no NaN (a summary with no observations yet has them).
  const families = JSON.parse(run.stdout) as (Omit<MetricFamily, 'samples'> & {
    samples: (Omit<Sample, 'value'> & { value: string })[];
  })[];
  return families.map((f) => ({ ...f, samples: f.samples.map((x) => ({ ...x, value: Number(x.value) })) }));
}

const TOKEN = 'metrics-token-for-the-tests-0123';
let app: FastifyInstance;
let peer: SmtpPeer;
beforeAll(async () => {
  peer = await startSmtpPeer();
  app = await buildTestApp({
    webDist,
    metricsToken: TOKEN,
    mailWorker: true,
    smtpAllowedPorts: [peer.port],
    revision: 'abc1234',
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await peer?.close();
});

const scrape = async (): Promise<MetricFamily[]> => {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(res.body);
};
const family = (families: MetricFamily[], name: string) => {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`no metric family ${name}`);
  return found;
};
const samples = (families: MetricFamily[], familyName: string, sampleName = familyName) =>
  family(families, familyName).samples.filter((x) => x.name === sampleName);
/** The request count of one method, route and status code (0 when there is no such series). */
const requests = (families: MetricFamily[], route: string, statusCode: string, method = 'GET') =>
  samples(families, 'http_request_duration_seconds', 'http_request_duration_seconds_count').find(
    (x) => x.labels['route'] === route && x.labels['status_code'] === statusCode && x.labels['method'] === method,
  )?.value ?? 0;

describe('the metrics scrape', () => {
  it('is valid exposition format: every family has help and a type, counters end in _total', async () => {
    const families = await scrape();
    expect(families.length).toBeGreaterThan(30);
    for (const f of families) {
      expect(f.documentation, f.name).not.toBe('');
      expect(f.type, f.name).not.toBe('unknown');
      if (f.type === 'counter') for (const x of f.samples) expect(x.name, f.name).toMatch(/_total$/);
    }
  });

  it('names the running build: version, revision and Node.js version', async () => {
    const info = family(await scrape(), 'app_build_info');
    expect(info.type).toBe('gauge');
    const pkg = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
      version: string;
    };
    expect(info.samples).toEqual([
      {
        name: 'app_build_info',
        labels: { version: pkg.version, revision: 'abc1234', node_version: process.versions.node },
        value: 1,
      },
    ]);
  });

  it("labels pages by the web app's route pattern, with status_code, and leaves the renders' API calls out", async () => {
    const before = await scrape();
    const moved = await app.inject({ method: 'GET', url: '/post/1' });
    expect(moved.statusCode).toBe(301);
    const canonical = moved.headers.location as string;
    expect((await app.inject({ method: 'GET', url: canonical })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: canonical })).headers['x-cache']).toBe('hit');
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/tag/Web' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/no-such-page' })).statusCode).toBe(404);
    // One API call from outside, with a made-up render mark: counted as API traffic.
    const direct = await app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { [RENDER_CALL_HEADER]: 'not-the-key some-request' },
    });
    expect(direct.statusCode).toBe(200);
    const after = await scrape();
    const added = (route: string, status: string) => requests(after, route, status) - requests(before, route, status);

    expect(added('/post/:id/:slug?', '301')).toBe(1);
    // The render and the cache hit alike.
    expect(added('/post/:id/:slug?', '200')).toBe(2);
    expect(added('/', '200')).toBe(1);
    expect(added('/tag/:tag', '200')).toBe(1);
    expect(added('/*', '404')).toBe(1);
    // The pages read the settings, posts and tags in-process; only the direct call counts.
    expect(added('/api/settings', '200')).toBe(1);
    const counts = samples(after, 'http_request_duration_seconds', 'http_request_duration_seconds_count');
    const api = counts.filter((x) => x.labels['route']!.startsWith('/api/'));
    expect(api.map((x) => `${x.labels['route']} ${x.labels['status_code']} ${x.value}`)).toEqual([
      '/api/settings 200 1',
    ]);
    for (const x of counts) expect(Object.keys(x.labels).sort()).toEqual(['method', 'route', 'status_code']);
  });

  it('counts mail delivered, refused and failed, by kind, from 0', async () => {
    const outcomes = (families: MetricFamily[]) =>
      Object.fromEntries(
        samples(families, 'mail_deliveries', 'mail_deliveries_total').map((x) => [
          `${x.labels['outcome']} ${x.labels['kind']}`,
          x.value,
        ]),
      );
    expect(outcomes(await scrape())).toEqual({
      'delivered contact': 0,
      'delivered confirmation': 0,
      'refused contact': 0,
      'refused confirmation': 0,
      'failed contact': 0,
      'failed confirmation': 0,
      'deferred contact': 0,
      'deferred confirmation': 0,
      // Invitations and reset links (the account-links module), a kind of their own.
      'delivered account': 0,
      'refused account': 0,
      'failed account': 0,
      'deferred account': 0,
    });
    const token = await login(app);
    await activeMailboxFor(app, token, peer.port);
    // The message to staff is accepted; the confirmation to the visitor refused for good (550).
    peer.setDecide(() => 'accept');
    peer.next('accept', { code: 550, message: 'No such user' });
    const sent = await call(app, {
      method: 'POST',
      url: '/api/mail',
      ...(await contactBody({ ...validContact, altcha: await solveCaptcha(app) })),
    });
    expect(sent.statusCode).toBe(201);
    const counted = await until(
      async () => {
        const o = outcomes(await scrape());
        const done =
          o['delivered contact']! + o['delivered confirmation']! + o['refused contact']! + o['refused confirmation']!;
        return done === 2 && o;
      },
      20_000,
      'two delivery outcomes',
    );
    expect(counted['delivered contact']! + counted['delivered confirmation']!).toBe(1);
    expect(counted['refused contact']! + counted['refused confirmation']!).toBe(1);
    expect(counted['failed contact']! + counted['failed confirmation']!).toBe(0);
  });
});
