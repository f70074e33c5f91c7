import { z } from 'zod';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorBody } from '@app/shared/schemas/common';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type Security = Record<string, string[]>[];

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The request body as the API documentation shows it, per media type, for routes that read
     * their body themselves (multipart): the route's validator never sees it.
     */
    requestBody?: Record<string, z.ZodType>;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Which of the shared error answers (`errorBody`) a route declares can really happen, from what
 * the route is: the modules declare one list per module, the document keeps what applies.
 * - 400 needs input (body, parameters, query string);
 * - 401 needs a token (not public); 403 a role, or a change (the CSRF check refuses with 403);
 * - 413 and 415 need a body; 409 a change; 404 on a read needs something to look up (a path
 *   parameter), unless the route declares its own 404 answer.
 * Answers a route declares with another schema (login's 401, a described 404) are kept as they are.
 */
function possible(
  code: number,
  route: { public: boolean; reads: boolean; input: boolean; body: boolean; params: boolean },
): boolean {
  switch (code) {
    case 400:
      return route.input;
    case 401:
      return !route.public;
    case 403:
      return !route.public || !route.reads;
    case 409:
      return !route.reads;
    case 413:
    case 415:
      return route.body;
    case 404:
      return !route.reads || route.params;
    default:
      return true;
  }
}

/**
 * A body part's JSON Schema as fastify-type-provider-zod writes a route's body: the document's
 * JSON Schema dialect, and a named schema inside it (lib/openapi-document.ts) as a `$ref`.
 */
const bodySchema = (input: TransformInput, schema: z.ZodType): unknown =>
  (jsonSchemaTransform({ ...input, schema: { body: schema } } as TransformInput).schema as { body?: unknown }).body;

/** operationIds are camelCase words: what generated clients turn into function and type names. */
const OPERATION_ID = /^[a-z][A-Za-z0-9]*$/;

/**
 * Each operation of the OpenAPI document says what a client must send, from the route's own access
 * rule (`config.access`, deny by default = 'system', administrators only): a bearer token unless the route is public,
 * and the X-XSRF-TOKEN header on every change (CSRF, plugins/csrf.ts). Multipart routes show their
 * parts (`config.requestBody`), and each operation lists only the error answers it can give (see
 * `possible`). The document describes the API alone: routes outside /api (pages, images, feeds,
 * config.json) are left out. Every API route declares its `operationId` and `summary` in its schema
 * (docs/decisions/0110-openapi-operation-ids-and-named-schemas.md); one that does not fails the
 * document, so the test that reads it names the route.
 */
export function openApiOperation(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  if (!input.url.startsWith('/api/')) return { schema: { hide: true }, url: input.url };
  const config = (input.route as { config?: { access?: string; requestBody?: Record<string, z.ZodType> } }).config;
  const access = config?.access ?? 'system';
  const methods = [input.route.method].flat().map((m) => String(m).toUpperCase());
  const changes = methods.some((m) => !READS.has(m));
  const given = (input.schema ?? {}) as Record<string, unknown>;
  const requestBody = config?.requestBody;
  const body = !!given['body'] || !!requestBody || (changes && Array.isArray(given['consumes']));
  const facts = {
    public: access === 'public',
    reads: !changes,
    body,
    params: !!given['params'] || input.url.includes(':'),
    input: body || !!given['params'] || !!given['querystring'] || input.url.includes(':'),
  };
  const response = given['response'] as Record<string, unknown> | undefined;
  const filtered = response
    ? Object.fromEntries(
        Object.entries(response).filter(([code, schema]) => schema !== errorBody || possible(Number(code), facts)),
      )
    : undefined;
  const out = jsonSchemaTransform({
    ...input,
    schema: { ...input.schema, ...(filtered ? { response: filtered } : {}) },
  } as TransformInput);
  const needs: Record<string, string[]> = {
    ...(access === 'public' ? {} : { bearer: [] }),
    ...(changes ? { xsrf: [] } : {}),
  };
  const security: Security = Object.keys(needs).length ? [needs] : [];
  const schema = (out.schema ?? {}) as Record<string, unknown>;
  if (schema['hide']) return out;
  const missing = [
    !(typeof schema['operationId'] === 'string' && OPERATION_ID.test(schema['operationId'])) &&
      'an operationId in camelCase',
    !(typeof schema['summary'] === 'string' && schema['summary']) && 'a summary',
  ].filter(Boolean);
  if (missing.length) {
    throw new Error(
      `${methods.join(', ')} ${input.url}: the route's schema needs ${missing.join(' and ')} for the API documentation.`,
    );
  }
  const { consumes: _consumes, ...rest } = schema;
  return {
    ...out,
    schema: {
      ...(requestBody ? rest : schema),
      ...(requestBody
        ? {
            body: {
              content: Object.fromEntries(
                Object.entries(requestBody).map(([type, zod]) => [type, { schema: bodySchema(input, zod) }]),
              ),
            },
          }
        : {}),
      security,
      ...(access === 'public'
        ? {}
        : { description: [schema['description'], `Requires ${access}.`].filter(Boolean).join('\n\n') }),
    },
  };
}
