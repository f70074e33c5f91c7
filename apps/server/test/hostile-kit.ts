// Support for hostile-input.test.ts: sample values read from the shared zod schemas, the positions
// of every value in a body, the checks every answer must pass and a dump of the stored data.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';

/** A zod schema as a route holds it (`schema.body`, `schema.params`, `schema.querystring`). */
export type Schema = z.ZodType;

export const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && typeof (value as { safeParse?: unknown }).safeParse === 'function';

export const accepts = (schema: Schema | undefined, value: unknown): boolean =>
  !schema || schema.safeParse(value).success;

// ---------------------------------------------------------------- hostile values

/**
 * C0 controls and DEL that no field accepts (tab, LF and CR are allowed in multi-line texts; the
 * schema decides about those).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** Half of a surrogate pair: no character at all, which no field may hold either (MSG.loneSurrogate). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when any string inside the value holds a control character or a broken one no field may hold. */
export function hasForbiddenControl(value: unknown): boolean {
  if (typeof value === 'string') return FORBIDDEN_CONTROL.test(value) || LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(hasForbiddenControl);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => hasForbiddenControl(k) || hasForbiddenControl(v));
  return false;
}

/**
 * A text as a query string or a form field carries it: UTF-8 has no form for half of a surrogate
 * pair, so the client's encoder sends U+FFFD in its place (JSON, which escapes it, carries it whole).
 */
export const asSent = (v: string) => v.replace(/\p{Cs}/gu, '\uFFFD');

/** Control characters, and a broken character, placed where trimming or a quick look would miss them. */
export const CONTROL_VARIANTS: { name: string; of: (v: string) => string }[] = [
  { name: 'NUL at the end', of: (v) => `${v}\u0000` },
  { name: 'C0 controls and DEL', of: (v) => `\u0001\u0008\u000b\u000c\u001b[31m${v}\u001f\u007f` },
  // Found by this suite: stored as U+FFFD while the answer echoed what was sent.
  { name: 'a lone surrogate', of: (v) => `${v}\uD83D` },
];

/** Line breaks and tabs: refused in single-line fields, allowed in multi-line texts. */
export const BREAK_VARIANT = { name: 'tab, CR and LF', of: (v: string) => `\t${v}\r\n${v}` };

export const SQL = "' OR 1=1 --";
export const SCRIPT = '<script>alert(1)</script>';
export const FRAGMENTS: { name: string; of: (v: string) => string }[] = [
  { name: 'SQL fragment', of: (v) => `${v}${SQL}` },
  { name: 'script fragment', of: (v) => `${v}${SCRIPT}` },
];

/** Values of another type than the one a position holds. */
export function wrongTypes(value: unknown): unknown[] {
  if (typeof value === 'string') return [12345, true, null, { $ne: '' }, ['x']];
  if (typeof value === 'number') return ['12', null, {}, 1.5, 2 ** 60];
  if (typeof value === 'boolean') return ['true', 1, null];
  if (Array.isArray(value)) return ['x', null, {}];
  if (value && typeof value === 'object') return ['x', null, [value]];
  return ['x', 1, {}];
}

// ---------------------------------------------------------------- positions in a value

export type Path = (string | number)[];

/** Every position below the root of a JSON value: object keys and array items, depth first. */
export function positions(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  const children: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : value && typeof value === 'object'
      ? Object.entries(value)
      : [];
  return children.flatMap(([k, v]) => [{ path: [...path, k], value: v }, ...positions(v, [...path, k])]);
}

export function setAt<T>(root: T, path: Path, value: unknown): T {
  const copy = structuredClone(root);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
  return copy;
}

export const pathName = (path: Path) => path.map(String).join('.') || '(root)';

// ---------------------------------------------------------------- valid samples from a schema

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

const jsonSchemaOf = (schema: Schema) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

const STRING_SAMPLES: [RegExp, string][] = [
  [/e-?mail|username|recipients/i, 'hostile.tester@example.com'],
  [/url|website|site/i, 'https://example.com/hostile'],
  [/phone/i, '+32 3 123 45 67'],
  // Before 'password': a new password must differ from the current one.
  [/^newPassword$/, 'hostile-password-2'],
  [/password/i, 'hostile-password-1'],
  [/date/i, '2024-01-01T00:00:00.000Z'],
  [/protocol/i, 'smtp'],
  [/host/i, 'smtp.example.com'],
  [/port/i, '2525'],
  [/timeout/i, '5000'],
  [/^(id|.*Id)$/, '1'],
  // An interview (decision 0160): a Brussels wall-clock time in the future, a video link.
  [/^startsAt$/, '2036-06-02T10:00'],
  [/Link$/, 'https://example.com/hostile'],
];

function sampleString(s: JsonSchema, key: string): string {
  if (s.format === 'email') return 'hostile.tester@example.com';
  const byKey = STRING_SAMPLES.find(([re]) => re.test(key))?.[1];
  const candidates = [
    byKey,
    'Hostile input test text',
    'hostile',
    '+32 3 123 45 67',
    '2525',
    'https://example.com/',
  ].filter((c): c is string => c !== undefined);
  const fits = (c: string) =>
    (!s.pattern || new RegExp(s.pattern).test(c)) &&
    c.length >= (s.minLength ?? 0) &&
    c.length <= (s.maxLength ?? Infinity);
  return candidates.find(fits) ?? (byKey ?? 'Hostile input test text').slice(0, s.maxLength ?? undefined);
}

function sampleNumber(s: JsonSchema, key: string, integer: boolean): number {
  const wanted = /port/i.test(key) ? 2525 : /timeout/i.test(key) ? 5000 : 1;
  const low = Math.max(
    s.minimum ?? -Infinity,
    s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 0.5) : -Infinity,
  );
  return Math.min(Math.max(wanted, low), s.maximum ?? Infinity);
}

function sample(s: JsonSchema | undefined, key = '', required = true): unknown {
  if (!s) return undefined;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (!required && s.default !== undefined) return s.default;
  const options = s.anyOf ?? s.oneOf;
  if (options) return sample(options.find((o) => o.type !== 'null') ?? options[0], key, required);
  if (s.allOf?.length) return sample(s.allOf[0], key, required);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {})
          .map(([k, v]) => [k, sample(v, k, s.required?.includes(k) ?? false)] as const)
          .filter(([, v]) => v !== undefined),
      );
    case 'array': {
      const item = sample(s.items, key);
      if (item === undefined) return [];
      const n = Math.min(Math.max(s.minItems ?? 0, 1), s.maxItems ?? 1);
      return Array.from({ length: n }, (_, i) =>
        typeof item === 'string' && n > 1 ? `${item}${i}` : structuredClone(item),
      );
    }
    case 'string':
      return sampleString(s, key);
    case 'integer':
      return sampleNumber(s, key, true);
    case 'number':
      return sampleNumber(s, key, false);
    case 'boolean':
      return false;
    default:
      return undefined;
  }
}

/**
 * Values the schema accepts, to which one hostile change at a time is then made: first the stored
 * resource where there is one (so that ids, versions and references are real), then a sample made
 * from the schema's JSON Schema (whose values may pass rules a stored row no longer does, such as
 * an allowed port). Empty when neither passes the schema.
 */
export function validBases(schema: Schema, resource?: unknown): unknown[] {
  const js = jsonSchemaOf(schema);
  const sampled = sample(js);
  const candidates: unknown[] = [];
  if (resource && typeof resource === 'object' && !Array.isArray(resource) && sampled && typeof sampled === 'object') {
    const known = Object.keys(js.properties ?? {});
    const fromResource = Object.fromEntries(
      known.filter((k) => k in resource).map((k) => [k, (resource as Record<string, unknown>)[k]]),
    );
    candidates.push({ ...sampled, ...fromResource });
  }
  candidates.push(sampled);
  const valid = candidates.filter((c) => schema.safeParse(c).success);
  return valid.filter((c, i) => valid.findIndex((d) => JSON.stringify(d) === JSON.stringify(c)) === i);
}

export const validBase = (schema: Schema, resource?: unknown): unknown => validBases(schema, resource)[0];

// ---------------------------------------------------------------- checks on every answer

/** A stack frame anywhere in a response body. */
const STACK: [RegExp, string][] = [
  [/\n\s+at\s/, 'a stack trace'],
  [/\bat\s+\S+\s+\((?:file:\/\/)?\/[^)]*:\d+:\d+\)/, 'a stack frame'],
];
/** A path of a source or library file in an error body. */
const PATHS: [RegExp, string][] = [
  [/node_modules/, 'a node_modules path'],
  [/file:\/\//, 'a file URL'],
  [/(?:^|[\s"'(])(?:\/[\w.@-]+)+\.(?:ts|js|mjs|cjs|tsx)\b/, 'a source file path'],
  [new RegExp(process.cwd().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), 'the working directory'],
];

export interface Answer {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}

/** What is wrong with an answer; empty when it is fine. `garbage`: the input must be refused. */
export function problemsOf(res: Answer, garbage: boolean): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500) problems.push(`answered ${res.statusCode}`);
  else if (garbage && res.statusCode < 400) problems.push(`accepted garbage with ${res.statusCode}`);
  const leaks = res.statusCode >= 400 ? [...STACK, ...PATHS] : STACK;
  for (const [re, what] of leaks) if (re.test(res.body)) problems.push(`body shows ${what}`);
  if (res.statusCode < 400) return problems;
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    problems.push(`error body is not JSON (${String(res.headers['content-type'])})`);
    return problems;
  }
  const message = (parsed as { message?: unknown } | null)?.message;
  if (typeof message !== 'string' || !message.trim()) problems.push('error body without a message');
  return problems;
}

// ---------------------------------------------------------------- stored data

type Rows = { rows: Record<string, unknown>[] };

/**
 * Every row of every table in the public schema, ordered by primary key, as a digest of the
 * whole row plus its first characters (so that a difference shows where it is).
 */
export async function dumpTables(
  app: FastifyInstance,
): Promise<Record<string, { pk: string; digest: string; preview: string }[]>> {
  const exec = (q: ReturnType<typeof sql>) => app.db.execute(q) as unknown as Promise<Rows>;
  const tables = await exec(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const dump: Record<string, { pk: string; digest: string; preview: string }[]> = {};
  for (const { name } of tables.rows as { name: string }[]) {
    const keys = await exec(
      sql`select kcu.column_name as name
          from information_schema.table_constraints tc
          join information_schema.key_column_usage kcu
            on kcu.constraint_schema = tc.constraint_schema and kcu.constraint_name = tc.constraint_name
          where tc.table_schema = 'public' and tc.table_name = ${name} and tc.constraint_type = 'PRIMARY KEY'
          order by kcu.ordinal_position`,
    );
    const pk = (keys.rows as { name: string }[]).map((k) => sql.identifier(k.name));
    const t = sql.identifier(name);
    const order = pk.length ? sql.join(pk, sql`, `) : sql`t::text`;
    const key = pk.length ? sql`concat_ws(',', ${sql.join(pk, sql`, `)})` : sql`''`;
    const rows = await exec(
      sql`select ${key} as pk, md5(t::text) as digest, left(t::text, 160) as preview from ${t} t order by ${order}`,
    );
    dump[name] = rows.rows as { pk: string; digest: string; preview: string }[];
  }
  return dump;
}
