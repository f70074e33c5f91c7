import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { contactForm, MAIL_FIELDS } from '@app/shared/schemas/contact';
import { postRequest, updatePostRequest } from '@app/shared/schemas/posts';
import type { RouteEntry } from '../src/modules/auth';
import { buildTestApp, clientHeaders, login, tokenFor } from './helper';
import { solveCaptcha } from './contact-fixtures';
import { multipart, type Part } from './multipart';
import {
  accepts,
  asSent,
  BREAK_VARIANT,
  CONTROL_VARIANTS,
  dumpTables,
  FRAGMENTS,
  hasForbiddenControl,
  isSchema,
  pathName,
  positions,
  problemsOf,
  SCRIPT,
  setAt,
  SQL,
  validBase,
  validBases,
  wrongTypes,
  type Schema,
} from './hostile-kit';

/**
 * Hostile input against every /api route the app registers (app.apiRoutes, so a new route joins
 * by itself), as an anonymous caller and as the administrator. Every answer must be below 500,
 * a 4xx when the input is not valid, a JSON error with a message, and free of stack traces and
 * file paths; and nothing stored may change (the tables are compared before and after).
 *
 * The routes' own zod schemas (body, params, querystring) come with the registry's entries. Changes are
 * made one at a time to a valid body (the stored resource where there is one), so that a hostile
 * value reaches as deep as it can. Input the schemas accept is only sent where it cannot change
 * stored data: to GET routes, to the login, or to a missing id; elsewhere it is skipped.
 */

// ---------------------------------------------------------------- known failures (temporary)

/**
 * Cases that may fail for a known reason, each with its fix. An entry that starts to pass fails
 * the suite: remove it then. Keys: `${who} ${METHOD} ${url} :: ${case}`. Empty: nothing is known to fail.
 */
const KNOWN_FAILURES: Record<string, string> = {};

// ---------------------------------------------------------------- the app and its routes

const MISSING_ID = '999999';
/** Routes where an accepted request changes nothing stored, so valid input may be sent. */
const NO_STORED_CHANGE = new Set(['POST /api/login']);
/** Multipart routes: what their parts are (the route's schema cannot say). */
const MULTIPART: Record<string, { kind: 'contact' | 'posts'; json?: Schema }> = {
  'POST /api/contact': { kind: 'contact' },
  // The spec's path for the same route (a deprecated alias): attacked as well, as it is served.
  'POST /api/mail': { kind: 'contact' },
  'POST /api/posts': { kind: 'posts', json: postRequest },
  'PUT /api/posts/:id': { kind: 'posts', json: updatePostRequest },
};

const app = await buildTestApp();
await app.ready();
const adminToken = await login(app);
// A user of its own, so that no route aimed at "the newest user" touches the administrator.
await tokenFor(app, 'ROLE_USER', 'hostile-target@example.com');

interface Route extends RouteEntry {
  key: string;
  params: string[];
  body?: Schema;
  paramsSchema?: Schema;
  query?: Schema;
  multipart?: 'contact' | 'posts' | 'unknown';
}

const routes: Route[] = app.apiRoutes.map((r) => {
  const key = `${r.method} ${r.url}`;
  const schema = (r.schema ?? {}) as { body?: unknown; params?: unknown; querystring?: unknown; consumes?: string[] };
  const contract = MULTIPART[key];
  const consumesMultipart = schema.consumes?.includes('multipart/form-data') ?? false;
  return {
    ...r,
    key,
    params: [...r.url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*'),
    body: isSchema(schema.body) ? schema.body : contract?.json,
    paramsSchema: isSchema(schema.params) ? schema.params : undefined,
    query: isSchema(schema.querystring) ? schema.querystring : undefined,
    multipart: consumesMultipart ? (contract?.kind ?? 'unknown') : undefined,
  };
});

const hasContract = (r: Route) => !!r.body || !!r.multipart;
const mayGetValid = (r: Route) => r.method === 'GET' || NO_STORED_CHANGE.has(r.key);
const getRoute = (url: string) => routes.find((r) => r.method === 'GET' && r.url === url);
const fill = (url: string, values: Record<string, string>) =>
  url.replace(/:(\w+)/g, (_, n: string) => values[n]!).replace(/\*$/, () => values['*']!);

const adminGet = async (url: string) => {
  const res = await app.inject({ method: 'GET', url, headers: clientHeaders(adminToken) });
  return res.statusCode === 200 ? (res.json() as unknown) : undefined;
};

/** The folders above a route's static part, nearest first: /api/users/update/:id → /api/users/update, /api/users. */
const ancestors = (url: string) => {
  const parts = url
    .split(/\/[:*]/)[0]!
    .split('/')
    .filter(Boolean);
  return parts.map((_, i) => `/${parts.slice(0, parts.length - i).join('/')}`).filter((p) => p !== '/api');
};

/** The newest stored item of a route's collection (the highest id), read from a GET list route. */
async function realId(route: Route): Promise<string | undefined> {
  for (const p of ancestors(route.url)) {
    for (const list of [p, `${p}/all`]) {
      if (!getRoute(list)) continue;
      const items = await adminGet(list);
      if (!Array.isArray(items)) continue;
      const ids = items.map((i) =>
        Number((i as { id?: unknown; userId?: unknown }).id ?? (i as { userId?: unknown }).userId),
      );
      const max = Math.max(...ids.filter(Number.isInteger));
      if (Number.isFinite(max)) return String(max);
    }
  }
  return undefined;
}

/** Route parameters that exist: a real id where a body is checked against stored data, else a missing one. */
async function realParams(route: Route): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of route.params) {
    if (name === '*') out[name] = 'hostile.txt';
    else if (name === 'id')
      out[name] = (mayGetValid(route) || hasContract(route) ? await realId(route) : undefined) ?? MISSING_ID;
    else out[name] = 'security';
  }
  return out;
}

/** The stored resource a body route edits (or one like what it creates), read as the admin. */
async function resourceOf(route: Route, params: Record<string, string>): Promise<unknown> {
  const urls = [route.url, ...ancestors(route.url).map((p) => `${p}/:id`)];
  for (const url of urls) {
    if (!getRoute(url)) continue;
    const values = { ...params, id: params['id'] ?? (await realId(getRoute(url)!)) ?? MISSING_ID };
    const found = await adminGet(fill(url, values));
    if (found && typeof found === 'object' && !Array.isArray(found)) return found;
  }
  return undefined;
}

// ---------------------------------------------------------------- cases

interface Built {
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
}

interface Case {
  name: string;
  /** The input is not valid: the answer must be a 4xx. */
  garbage: boolean;
  /** Path parameter values (URL-encoded) that replace the route's real ones. */
  params?: Record<string, string>;
  query?: string;
  /** Builds the body and its headers when the case is sent (a fresh captcha, a large string). */
  body?: () => Promise<Built>;
  csrf?: 'none' | 'mismatch';
}

const json = (value: unknown) => async (): Promise<Built> => ({
  payload: JSON.stringify(value),
  headers: { 'content-type': 'application/json' },
});
const raw = (payload: string | Buffer, contentType?: string) => async (): Promise<Built> => ({
  payload,
  headers: contentType ? { 'content-type': contentType } : {},
});
const form = (parts: () => Promise<Part[]> | Part[]) => async () => multipart(await parts());
const textFile = (text = 'just some text, not a PDF or an image') => new Blob([text], { type: 'text/plain' });

const BOUNDARY = 'hostile-boundary';
const BROKEN_MULTIPART = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="post"\r\n\r\n{"name":"trunc`;
const HUGE = 2 * 1024 * 1024;

const BAD_IDS: { name: string; value: string }[] = [
  { name: '0', value: '0' },
  { name: '-1', value: '-1' },
  { name: '1e3', value: '1e3' },
  { name: 'abc', value: 'abc' },
  { name: '%00', value: '%00' },
  { name: '20 digits', value: '9'.repeat(20) },
  { name: 'control characters', value: '1%01%1B%7F' },
  { name: 'SQL fragment', value: encodeURIComponent(`1${SQL}`) },
  { name: 'script fragment', value: encodeURIComponent(SCRIPT) },
  { name: 'broken percent-encoding', value: '%E0%A4%A' },
  { name: 'dot segments', value: '..%2F..%2Fetc%2Fpasswd' },
  { name: 'very long', value: '7'.repeat(5000) },
];

const JUNK_QUERY = new URLSearchParams([
  ['hostile', '\u0000'],
  ['controls', '\u0001\u001b[31m\u007f'],
  ['sql', SQL],
  ['script', SCRIPT],
  ['arr[]', '1'],
  ['__proto__', 'x'],
  ['constructor[prototype][x]', '1'],
]).toString();

const decode = (v: string) => {
  try {
    return decodeURIComponent(v);
  } catch {
    return undefined;
  }
};

/** Garbage unless the route's schemas accept it and no forbidden control character is in it. */
function isGarbage(
  route: Route,
  c: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown },
  real: Record<string, string>,
) {
  if (c.params) {
    const decoded = Object.fromEntries(Object.entries({ ...real, ...c.params }).map(([k, v]) => [k, decode(v)]));
    if (
      Object.values(decoded).some((v) => v === undefined) ||
      hasForbiddenControl(decoded) ||
      !accepts(route.paramsSchema, decoded)
    )
      return true;
  }
  if (c.query) {
    // Parameters a route does not read are ignored, whatever they hold.
    const shape = (route.query as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
    const read = Object.entries(c.query).filter(([k]) => k in shape);
    if (hasForbiddenControl(Object.fromEntries(read)) || !accepts(route.query, c.query)) return true;
  }
  if ('body' in c && route.body && (hasForbiddenControl(c.body) || !accepts(route.body, c.body))) return true;
  return false;
}

/** Requests any non-GET route gets, whatever its contract: the body's format and the CSRF pair. */
function formatCases(route: Route): Case[] {
  const contract = hasContract(route);
  const jsonGarbage = (value: unknown) =>
    route.multipart && !route.body ? true : route.body ? !accepts(route.body, value) : false;
  return [
    { name: 'no body', garbage: jsonGarbage(undefined) },
    { name: 'empty JSON object', garbage: jsonGarbage({}), body: json({}) },
    {
      name: 'unknown fields only',
      garbage: jsonGarbage({ hostileExtra: SQL, $where: '1' }),
      body: json({ hostileExtra: SQL, $where: '1' }),
    },
    { name: 'JSON null', garbage: jsonGarbage(null), body: raw('null', 'application/json') },
    { name: 'JSON array', garbage: jsonGarbage([]), body: raw('[{}]', 'application/json') },
    { name: 'JSON string', garbage: jsonGarbage('x'), body: raw('"\\u0000"', 'application/json') },
    {
      name: 'prototype keys',
      garbage: true,
      body: raw('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}', 'application/json'),
    },
    { name: 'broken JSON', garbage: true, body: raw('{"name": "unterminated', 'application/json') },
    { name: 'JSON content type, empty body', garbage: contract, body: raw('', 'application/json') },
    {
      name: 'JSON in UTF-16',
      garbage: contract,
      body: raw(Buffer.from('{}', 'utf16le'), 'application/json; charset=utf-16'),
    },
    { name: 'text/plain body', garbage: contract, body: raw('hello', 'text/plain') },
    { name: 'application/xml body', garbage: contract, body: raw('<a>&xxe;</a>', 'application/xml') },
    { name: 'form-urlencoded body', garbage: contract, body: raw('a=%00', 'application/x-www-form-urlencoded') },
    { name: 'multipart without boundary', garbage: contract, body: raw('--x\r\n\r\n', 'multipart/form-data') },
    {
      name: 'multipart with an empty boundary',
      garbage: contract,
      body: raw('--\r\n\r\n', 'multipart/form-data; boundary='),
    },
    {
      name: 'multipart with a broken body',
      garbage: contract,
      body: raw(BROKEN_MULTIPART, `multipart/form-data; boundary=${BOUNDARY}`),
    },
    {
      name: 'multipart with another boundary',
      garbage: contract,
      body: raw(BROKEN_MULTIPART, 'multipart/form-data; boundary=other'),
    },
    {
      name: 'multipart, no parts',
      garbage: contract,
      body: raw(`--${BOUNDARY}--\r\n`, `multipart/form-data; boundary=${BOUNDARY}`),
    },
    {
      name: 'multipart with a 300-character boundary',
      garbage: contract,
      body: raw(`--${'b'.repeat(300)}\r\n`, `multipart/form-data; boundary=${'b'.repeat(300)}`),
    },
    {
      name: 'multipart part without a name',
      garbage: contract,
      body: raw(
        `--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
        `multipart/form-data; boundary=${BOUNDARY}`,
      ),
    },
    {
      name: 'multipart part with a NUL in its name',
      garbage: contract,
      body: raw(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a\u0000b"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
        `multipart/form-data; boundary=${BOUNDARY}`,
      ),
    },
    {
      name: `${HUGE / 1024 / 1024} MB JSON string`,
      garbage: contract,
      body: async () => json({ hostile: 'x'.repeat(HUGE) })(),
    },
    { name: 'without the CSRF pair', garbage: true, body: json({}), csrf: 'none' },
    { name: 'CSRF header not matching the cookie', garbage: true, body: json({}), csrf: 'mismatch' },
  ];
}

/** One change at a time to a valid JSON body: wrong types, control characters, fragments, sizes. */
function bodyCases(route: Route, base: unknown, send: (body: unknown) => Case['body'], prefix = ''): Case[] {
  const cases: Case[] = [];
  const add = (name: string, body: unknown) =>
    cases.push({ name: `${prefix}${name}`, garbage: isGarbage(route, { body }, {}), body: send(body) });
  const spots = positions(base);
  for (const { path, value } of spots) {
    for (const v of wrongTypes(value)) add(`${pathName(path)} = ${JSON.stringify(v)}`, setAt(base, path, v));
    if (typeof value !== 'string') continue;
    for (const variant of [...CONTROL_VARIANTS, BREAK_VARIANT, ...FRAGMENTS])
      add(`${pathName(path)}: ${variant.name}`, setAt(base, path, variant.of(value)));
  }
  if (base && typeof base === 'object' && !Array.isArray(base)) {
    for (const k of Object.keys(base)) {
      const { [k]: _, ...rest } = base as Record<string, unknown>;
      add(`without ${k}`, rest);
    }
    add('an unknown field next to valid ones', { ...base, hostileExtra: 'x' });
  }
  const strings = spots.filter((s) => typeof s.value === 'string');
  let all = base;
  for (const s of strings) all = setAt(all, s.path, `${String(s.value)}\u0000`);
  if (strings.length) add('NUL in every text', all);
  const first = strings[0];
  if (first) {
    add(`${pathName(first.path)}: 200 KB`, setAt(base, first.path, 'y'.repeat(200 * 1024)));
    cases.push({
      name: `${prefix}${pathName(first.path)}: 2 MB`,
      garbage: true,
      body: async () => send(setAt(base, first.path, 'z'.repeat(HUGE)))!(),
    });
  }
  return cases;
}

/** A body route sent no body refuses it, whatever the path and query say. */
const refusesNoBody = (route: Route) =>
  route.method !== 'GET' && (route.body ? !accepts(route.body, undefined) : !!route.multipart);

/** Only the control characters, in every text of another valid body. */
function controlCases(route: Route, base: unknown, send: (body: unknown) => Case['body'], prefix: string): Case[] {
  return positions(base).flatMap(({ path, value }) =>
    typeof value !== 'string'
      ? []
      : CONTROL_VARIANTS.map((variant) => {
          const body = setAt(base, path, variant.of(value));
          return {
            name: `${prefix}${pathName(path)}: ${variant.name}`,
            garbage: isGarbage(route, { body }, {}),
            body: send(body),
          };
        }),
  );
}

/** Path parameters: bad ids and worse, one parameter at a time, without a body. */
function paramCases(route: Route, real: Record<string, string>): Case[] {
  return route.params.flatMap((name) =>
    BAD_IDS.map(({ name: what, value }) => {
      const params = { [name]: value };
      const garbage = isGarbage(route, { params }, real) || refusesNoBody(route);
      return { name: `path ${name}: ${what}`, garbage, params };
    }),
  );
}

/** Query strings: junk everywhere, and each known query parameter made hostile. */
function queryCases(route: Route): Case[] {
  const cases: Case[] = [];
  const base = route.query ? (validBase(route.query) as Record<string, string> | undefined) : undefined;
  const add = (name: string, query: Record<string, string>) =>
    cases.push({
      name,
      garbage:
        isGarbage(
          route,
          { query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, asSent(String(v))])) },
          {},
        ) || refusesNoBody(route),
      query: new URLSearchParams(query).toString(),
    });
  add('unknown query parameters', Object.fromEntries(new URLSearchParams(JUNK_QUERY)));
  add('a 100 KB query parameter', { hostile: 'q'.repeat(100 * 1024) });
  if (base) {
    for (const [k, v] of Object.entries(base)) {
      for (const variant of [...CONTROL_VARIANTS, BREAK_VARIANT, ...FRAGMENTS])
        add(`query ${k}: ${variant.name}`, { ...base, [k]: variant.of(String(v)) });
      const { [k]: _, ...rest } = base;
      add(`query without ${k}`, rest);
    }
  }
  return cases;
}

/** POST /api/contact and /api/mail: the contact form's parts, with a solved captcha wherever the input must be refused. */
function contactCases(): Case[] {
  const fields = validBase(contactForm) as Record<string, string>;
  const cases: Case[] = [];
  const add = (name: string, garbage: boolean, parts: (captcha: string) => Part[]) =>
    cases.push({ name, garbage, body: form(async () => parts(garbage ? await solveCaptcha(app) : 'not-solved')) });
  const partsOf = (f: Record<string, string>, captcha: string, extra: Part[] = []): Part[] => [
    ...Object.entries(f).map(([k, v]): Part => [k, v]),
    [MAIL_FIELDS.captcha, captcha],
    ...extra,
  ];
  for (const [k, v] of Object.entries(fields)) {
    for (const variant of [...CONTROL_VARIANTS, BREAK_VARIANT, ...FRAGMENTS]) {
      const changed = { ...fields, [k]: variant.of(v) };
      const sent = { ...fields, [k]: asSent(variant.of(v)) };
      add(`${k}: ${variant.name}`, hasForbiddenControl(sent) || !accepts(contactForm, sent), (c) =>
        partsOf(changed, c),
      );
    }
    add(`${k}: 2 MB`, true, (c) => partsOf({ ...fields, [k]: 'x'.repeat(HUGE) }, c));
    add(`${k} sent as a file`, true, (c) => partsOf(fields, c, [[`${k}`, textFile(v), 'field.txt']]));
  }
  add('no fields but the captcha', true, (c) => [[MAIL_FIELDS.captcha, c]]);
  add('an unknown part', true, (c) => partsOf(fields, c, [['hostileExtra', SQL]]));
  add('a text file named .pdf', true, (c) => partsOf(fields, c, [[MAIL_FIELDS.file, textFile(), 'cv.pdf']]));
  add('a text file named .png', true, (c) => partsOf(fields, c, [[MAIL_FIELDS.file, textFile(), 'photo.png']]));
  add('a file named with control characters', true, (c) =>
    partsOf(fields, c, [[MAIL_FIELDS.file, textFile(), 'cv\u0000\u0001.pdf']]),
  );
  add('two files', true, (c) =>
    partsOf(fields, c, [
      [MAIL_FIELDS.file, textFile('%PDF-1'), 'a.pdf'],
      [MAIL_FIELDS.file, textFile('%PDF-1'), 'b.pdf'],
    ]),
  );
  add('a file under an unknown name', true, (c) => partsOf(fields, c, [['attachment', textFile('%PDF-1'), 'a.pdf']]));
  for (const id of ['0', '-1', '1e3', 'abc', '\u0000', '9'.repeat(20), `1${SQL}`]) {
    add(`vacancyId ${JSON.stringify(id)}`, true, (c) => partsOf(fields, c, [[MAIL_FIELDS.vacancyId, id]]));
  }
  for (const captcha of ['x', '\u0000', 'A'.repeat(5000), Buffer.from('{"algorithm":"SHA-256"}').toString('base64')]) {
    cases.push({
      name: `captcha ${JSON.stringify(captcha.slice(0, 24))}`,
      garbage: true,
      body: form(() => partsOf(fields, captcha)),
    });
  }
  // The honeypot: a bot that fills it is answered as if accepted, and nothing is stored.
  cases.push({
    name: 'honeypot with control characters',
    garbage: false,
    body: form(() => partsOf(fields, 'x', [[MAIL_FIELDS.honeypot, '\u0000\u0001']])),
  });
  return cases;
}

/** POST /api/posts and PUT /api/posts/{id} as multipart: part 'post' (JSON), 'imageFiles', 'imagePaths'. */
function postsCases(route: Route, base: unknown): Case[] {
  const post = (value: unknown): Part => ['post', typeof value === 'string' ? value : JSON.stringify(value)];
  const cases: Case[] = [];
  const add = (name: string, garbage: boolean, parts: Part[]) =>
    cases.push({ name: `multipart ${name}`, garbage, body: form(() => parts) });
  for (const { path, value } of positions(base)) {
    if (typeof value !== 'string') continue;
    for (const variant of CONTROL_VARIANTS)
      add(`post.${pathName(path)}: ${variant.name}`, true, [post(setAt(base, path, variant.of(value)))]);
  }
  add("'post' not JSON", true, [post('{"name": "unterminated')]);
  add("'post' as a JSON string", true, [post('"\\u0000"')]);
  add("'post' twice", true, [post(base), post(base)]);
  add("no 'post' part", true, [['imageFiles', textFile(), 'a.png']]);
  add("'post' as a file with a NUL", true, [
    ['post', new Blob([JSON.stringify(setAt(base, ['name'], 'x\u0000'))]), 'post.json'],
  ]);
  add('an unknown part', true, [post(base), ['hostileExtra', SQL]]);
  add('a text file named .png as an image', true, [post(base), ['imageFiles', textFile(), 'photo.png']]);
  add('a text file named .pdf as an image', true, [post(base), ['imageFiles', textFile(), 'cv.pdf']]);
  add('an image named with control characters', true, [post(base), ['imageFiles', textFile(), 'a\u0000\u0001.png']]);
  for (const flag of ['maybe', '\u0000', '{}', '1'])
    add(`areImagesSelected ${JSON.stringify(flag)}`, true, [post(base), ['areImagesSelected', flag]]);
  if (route.method === 'PUT') {
    for (const p of [
      '/images/\u0000.png',
      '/images/%00.png',
      '../../../etc/passwd',
      `/images/x${SQL}.png`,
      '/images/missing.png',
    ]) {
      add(`imagePaths ${JSON.stringify(p)}`, true, [post(base), ['areImagesSelected', 'true'], ['imagePaths', p]]);
    }
  }
  add('2 MB post part', true, [post({ ...(base as object), content: 'c'.repeat(HUGE) })]);
  return cases;
}

/** A multipart route this suite has no contract for: only the generic parts. */
const unknownMultipartCases = (): Case[] => [
  {
    name: 'multipart unknown part with control characters',
    garbage: true,
    body: form(() => [
      ['hostile', '\u0000\u0001'],
      ['file', textFile(), 'x.pdf'],
    ]),
  },
];

interface Plan {
  route: Route;
  real: Record<string, string>;
  cases: Case[];
  /** Valid input that could change stored data and has no missing id to go to. */
  skipped: string[];
  /** Why field-level cases could not be made. */
  setupProblem?: string;
}

async function planFor(route: Route): Promise<Plan> {
  const real = await realParams(route);
  const plan: Plan = { route, real, cases: [], skipped: [] };
  if (route.method === 'GET') {
    plan.cases.push(
      { name: 'JSON body on GET', garbage: false, body: json({ hostile: '\u0000' }) },
      { name: 'broken JSON on GET', garbage: false, body: raw('{"x', 'application/json') },
    );
  } else {
    plan.cases.push(...formatCases(route));
  }
  plan.cases.push(...paramCases(route, real), ...queryCases(route));
  if (route.body) {
    const [base, ...others] = validBases(route.body, await resourceOf(route, real));
    if (base === undefined)
      plan.setupProblem = `no valid ${route.key} body could be made from the schema or a stored resource`;
    else plan.cases.push(...bodyCases(route, base, json, route.multipart ? 'JSON ' : ''));
    // The other valid body gets the control characters too: it may pass a service rule the first does not.
    for (const other of others)
      plan.cases.push(...controlCases(route, other, json, route.multipart ? 'JSON sample ' : 'sample '));
    if (route.multipart === 'posts' && base !== undefined) plan.cases.push(...postsCases(route, base));
  }
  if (route.multipart === 'contact') plan.cases.push(...contactCases());
  if (route.multipart === 'unknown') plan.cases.push(...unknownMultipartCases());

  // Valid input goes only where it cannot change stored data.
  if (!mayGetValid(route)) {
    const id = route.params.includes('id');
    plan.cases = plan.cases.flatMap((c) => {
      if (c.garbage) return [c];
      if (id && !c.params?.['id']) return [{ ...c, params: { ...c.params, id: MISSING_ID } }];
      if (id) return [c];
      plan.skipped.push(c.name);
      return [];
    });
  }
  return plan;
}

const plans: Plan[] = [];
for (const route of routes) plans.push(await planFor(route));
const before = await dumpTables(app);

// ---------------------------------------------------------------- sending

const identities = [
  { who: 'anonymous', token: undefined as string | undefined },
  { who: 'admin', token: adminToken },
];

/** HOSTILE_LOG=file writes one line per request (case, status, start of the body), for looking into a run. */
const logFile = process.env['HOSTILE_LOG'] ? fs.openSync(process.env['HOSTILE_LOG'], 'w') : undefined;
let requests = 0;
let serverErrors = 0;
const seenKnown = new Set<string>();
const started = Date.now();

function headersFor(token: string | undefined, csrf: Case['csrf']): Record<string, string> {
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (csrf === 'none') return auth;
  if (csrf === 'mismatch') return { ...auth, cookie: 'XSRF-TOKEN=one', 'x-xsrf-token': 'other' };
  return clientHeaders(token);
}

async function send(plan: Plan, c: Case, token: string | undefined) {
  const built = c.body ? await c.body() : {};
  const url = fill(plan.route.url, { ...plan.real, ...c.params }) + (c.query ? `?${c.query}` : '');
  const n = ++requests;
  const res = await app.inject({
    method: plan.route.method as InjectOptions['method'],
    url,
    headers: { ...headersFor(token, c.csrf), ...built.headers },
    ...(built.payload !== undefined ? { payload: built.payload } : {}),
    // Each request from its own address, so that per-address limits do not hide what is behind them.
    remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  });
  if (res.statusCode >= 500) serverErrors += 1;
  return res;
}

describe('hostile input on every API route', () => {
  it('finds the routes, their schemas and a contract for each multipart route', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((r) => r.body).map((r) => r.key)).toEqual(
      expect.arrayContaining(['POST /api/login', 'PUT /api/settings']),
    );
    expect(routes.filter((r) => r.multipart === 'unknown').map((r) => r.key)).toEqual([]);
    expect(plans.flatMap((p) => (p.setupProblem ? [p.setupProblem] : []))).toEqual([]);
  });

  for (const plan of plans) {
    for (const { who, token } of identities) {
      it(`${who} ${plan.route.key}`, async () => {
        const unexpected: string[] = [];
        const nowPassing: string[] = [];
        for (const c of plan.cases) {
          const res = await send(plan, c, token);
          const problems = problemsOf(res, c.garbage);
          const key = `${who} ${plan.route.key} :: ${c.name}`;
          if (logFile !== undefined) {
            const line = { key, garbage: c.garbage, status: res.statusCode, problems, body: res.body.slice(0, 160) };
            fs.writeSync(logFile, `${JSON.stringify(line)}\n`);
          }
          if (key in KNOWN_FAILURES) {
            seenKnown.add(key);
            if (!problems.length) nowPassing.push(key);
          } else if (problems.length) {
            unexpected.push(`${c.name} → ${res.statusCode} ${problems.join('; ')}: ${res.body.slice(0, 200)}`);
          }
        }
        expect(unexpected).toEqual([]);
        expect(nowPassing, 'fixed: remove these from KNOWN_FAILURES').toEqual([]);
      });
    }
  }

  it('changed no stored data', async () => {
    const { audit_log: trail = [], ...now } = await dumpTables(app);
    const { audit_log: trailBefore = [], ...then } = before;
    expect(now).toEqual(then);
    // Refused sign-ins belong in the audit trail (docs/behaviour/audit-and-privacy.md); nothing else may enter it.
    expect(trail.slice(0, trailBefore.length)).toEqual(trailBefore);
    expect(
      trail.slice(trailBefore.length).filter((r) => !/,session,sign-in-(failed|refused),/.test(r.preview)),
    ).toEqual([]);
  });

  it('lists no known failure that no longer exists', () => {
    expect(Object.keys(KNOWN_FAILURES).filter((k) => !seenKnown.has(k))).toEqual([]);
  });
});

afterAll(async () => {
  const skipped = plans.reduce((n, p) => n + p.skipped.length, 0);
  process.stdout.write(
    `hostile input: ${requests} requests to ${routes.length} routes in ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
      `${serverErrors} answered 5xx, ${skipped} valid inputs skipped (no missing id to send them to)\n`,
  );
  if (logFile !== undefined) fs.closeSync(logFile);
  await app.close();
});
