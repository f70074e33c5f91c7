import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helper';
import { openApiOperation } from './openapi-operation';

/**
 * The OpenAPI document as a client generator reads it (decision 0110): multipart bodies with their
 * parts, and per operation only the error answers it can give.
 */
const ctx = useTestApp({ seedDemo: false });
type Op = { requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, unknown> };
type Schema = {
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
};
let paths: Record<string, Record<string, Op>>;
beforeAll(async () => {
  paths = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
});
const codes = (path: string, method: string) => Object.keys(paths[path]![method]!.responses).sort();

describe('OpenAPI', () => {
  it('describes the contact form as multipart parts, the CV a binary file', () => {
    const content = paths['/api/contact']!['post']!.requestBody!.content;
    expect(Object.keys(content)).toEqual(['multipart/form-data']);
    const schema = content['multipart/form-data']!.schema;
    expect(Object.keys(schema.properties!).sort()).toEqual([
      'altcha',
      'email',
      'file',
      'fullName',
      'message',
      'phoneNumber',
      'vacancyId',
      'website',
    ]);
    expect(schema.required!.sort()).toEqual(['altcha', 'email', 'fullName', 'message']);
    expect(schema.properties!['file']).toMatchObject({ type: 'string', format: 'binary' });
  });

  it("keeps the spec's POST /api/mail as a deprecated alias of POST /api/contact", () => {
    const contact = paths['/api/contact']!['post']! as Op & { deprecated?: boolean; operationId?: string };
    const alias = paths['/api/mail']!['post']! as Op & { deprecated?: boolean; operationId?: string };
    expect(contact.deprecated).toBeUndefined();
    expect(contact.operationId).toBe('sendContactMessage');
    expect(alias.deprecated).toBe(true);
    const parts = (op: Op) => op.requestBody!.content['multipart/form-data']!.schema;
    expect(Object.keys(alias.requestBody!.content)).toEqual(['multipart/form-data']);
    expect(parts(alias).properties).toEqual(parts(contact).properties);
    expect([...parts(alias).required!].sort()).toEqual([...parts(contact).required!].sort());
    expect(alias.responses).toEqual(contact.responses);
  });

  it('describes post create and update as multipart (post JSON, image files) or a JSON post', () => {
    for (const [path, method] of [
      ['/api/posts', 'post'],
      ['/api/posts/{id}', 'put'],
    ] as const) {
      const content = paths[path]![method]!.requestBody!.content;
      expect(Object.keys(content).sort()).toEqual(['application/json', 'multipart/form-data']);
      const parts = content['multipart/form-data']!.schema;
      expect(parts.required).toEqual(['post']);
      expect(parts.properties!['imageFiles']).toMatchObject({
        type: 'array',
        items: { type: 'string', format: 'binary' },
      });
      expect(content['application/json']!.schema.properties).toHaveProperty('name');
    }
    expect(
      paths['/api/posts/{id}']!['put']!.requestBody!.content['multipart/form-data']!.schema.properties,
    ).toHaveProperty('imagePaths');
    expect(
      paths['/api/posts']!['post']!.requestBody!.content['multipart/form-data']!.schema.properties,
    ).not.toHaveProperty('imagePaths');
  });

  it('lists only the error answers each operation can give', () => {
    // A public read whose only input is its language (?lang=, decision 0155): 400, and no 401, 403,
    // 404, 409, 413 or 415.
    expect(codes('/api/vacancy', 'get')).toEqual(['200', '400']);
    // A staff read: a token and a role, nothing to look up or validate.
    expect(codes('/api/roles', 'get')).toEqual(['200', '401', '403']);
    expect(codes('/api/mail/health', 'get')).toEqual(['200', '401', '403']);
    // A staff list: a token and a role, and its paging to validate (decision 0143).
    expect(codes('/api/users/all', 'get')).toEqual(['200', '400', '401', '403']);
    expect(codes('/api/mailboxes/all', 'get')).toEqual(['200', '400', '401', '403']);
    // A public form: validation, CSRF (403), body limits and the rate limit; no token.
    expect(codes('/api/contact', 'post')).toEqual(['200', '201', '400', '403', '413', '415', '429']);
    expect(codes('/api/mail', 'post')).toEqual(['200', '201', '400', '403', '413', '415', '429']);
    // A change of a versioned record by id.
    expect(codes('/api/posts/{id}', 'put')).toEqual(['200', '400', '401', '403', '404', '409', '413', '415']);
    expect(codes('/api/posts/{id}/like', 'put')).toEqual(['200', '400', '403', '404', '429']);
    // A described answer stays: the settings row may be missing.
    expect(codes('/api/settings', 'get')).toEqual(['200', '400', '404']);
    // Answers declared with their own schema stay (login's 401 and 429).
    expect(codes('/api/login', 'post')).toEqual(expect.arrayContaining(['401', '429']));
  });
});

describe('openApiOperation', () => {
  const input = (url: string, schema: Record<string, unknown>) =>
    ({
      url,
      schema,
      route: { method: 'GET', url, config: { access: 'public' } },
      openapiObject: { openapi: '3.1.0' },
    }) as unknown as Parameters<typeof openApiOperation>[0];

  it('leaves routes outside /api out of the document', () => {
    for (const url of ['/*', '/rss.xml', '/images/:filename', '/config.json'])
      expect(openApiOperation(input(url, { operationId: 'page', summary: 'A page' })).schema).toEqual({ hide: true });
  });

  it('refuses an API route without a camelCase operationId or a summary, naming it', () => {
    expect(() => openApiOperation(input('/api/thing', { summary: 'A thing' }))).toThrow('GET /api/thing');
    expect(() => openApiOperation(input('/api/thing', { operationId: 'get-thing', summary: 'A thing' }))).toThrow(
      'needs an operationId in camelCase for',
    );
    expect(() => openApiOperation(input('/api/thing', { operationId: 'getThing' }))).toThrow('needs a summary for');
    expect(openApiOperation(input('/api/thing', { operationId: 'getThing', summary: 'A thing' })).schema).toMatchObject(
      { operationId: 'getThing', summary: 'A thing', security: [] },
    );
  });
});
