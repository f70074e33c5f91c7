import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type Security = Record<string, string[]>[];

/**
 * Each operation of the OpenAPI document says what a client must send, from the route's own access
 * rule (`config.access`, deny by default = ROLE_ADMIN): a bearer token unless the route is public,
 * and the X-XSRF-TOKEN header on every change (CSRF, plugins/csrf.ts). An operation without a
 * summary gets one from its method and path, so generated clients have names to show.
 */
export function openApiOperation(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const out = jsonSchemaTransform(input);
  const config = (input.route as { config?: { access?: string } }).config;
  const access = config?.access ?? 'ROLE_ADMIN';
  const methods = [input.route.method].flat().map((m) => String(m).toUpperCase());
  const changes = methods.some((m) => !['GET', 'HEAD', 'OPTIONS'].includes(m));
  const needs: Record<string, string[]> = {
    ...(access === 'public' ? {} : { bearer: [] }),
    ...(changes ? { xsrf: [] } : {}),
  };
  const security: Security = Object.keys(needs).length ? [needs] : [];
  const schema = (out.schema ?? {}) as Record<string, unknown>; // some routes have no schema (images)
  if (schema['hide']) return out;
  return {
    ...out,
    schema: {
      ...schema,
      security,
      summary:
        (schema['summary'] as string | undefined) ??
        `${methods.join(', ')} ${input.url}${access === 'public' ? '' : ` (${access})`}`,
      ...(access === 'public'
        ? {}
        : { description: [schema['description'], `Requires ${access}.`].filter(Boolean).join('\n\n') }),
    },
  };
}
