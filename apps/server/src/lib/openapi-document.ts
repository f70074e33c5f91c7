import { z } from 'zod';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { errorBody, messageBody } from '@app/shared/schemas/common';
import { auditEntry, auditPage } from '@app/shared/schemas/audit';
import { sessionUser, twoFactorStatus } from '@app/shared/schemas/auth';
import { captchaChallenge, mailAccepted } from '@app/shared/schemas/contact';
import { introSchema, mastheadSchema, publicSiteSettingsSchema, siteSettingsSchema } from '@app/shared/schemas/content';
import { dashboardSchema } from '@app/shared/schemas/dashboard';
import {
  contactMessageListItem,
  erasedCounts,
  mailboxesPage,
  mailboxListItem,
  mailboxSchema,
  mailHealth,
  mailLogPage,
  mailLogSchema,
  messagesExport,
  messagesPage,
  providerSchema,
  providersPage,
  testMailResult,
} from '@app/shared/schemas/mail';
import { postImageSchema, postListItem, postPage, postSchema, postSearchResultSchema } from '@app/shared/schemas/posts';
import { roleSchema, userSchema, usersPage } from '@app/shared/schemas/users';
import { vacancyPage, vacancySchema } from '@app/shared/schemas/vacancies';
import type { AppConfig } from '../config';
import { openApiOperation } from './openapi-operation';

/**
 * The shared schemas the API answers with, under the names the OpenAPI document gives them
 * (`components.schemas`): every route that answers with one of these very objects, or a list or
 * union of them, refers to it by `$ref`, and a generated client gets a type of that name
 * (docs/decisions/0110-openapi-operation-ids-and-named-schemas.md). The names are given here, on
 * the server, not with `.meta({ id })` in the shared package: the server-render bundle carries its
 * own copy of the shared schemas, and two schemas under one id make zod refuse the document.
 */
export const NAMED_SCHEMAS = {
  Error: errorBody,
  Notice: messageBody,
  Post: postSchema,
  PostImage: postImageSchema,
  PostListItem: postListItem,
  PostPage: postPage,
  PostSearchResult: postSearchResultSchema,
  Vacancy: vacancySchema,
  VacancyPage: vacancyPage,
  User: userSchema,
  UsersPage: usersPage,
  Role: roleSchema,
  SessionUser: sessionUser,
  TwoFactorStatus: twoFactorStatus,
  Intro: introSchema,
  Masthead: mastheadSchema,
  SiteSettings: siteSettingsSchema,
  PublicSiteSettings: publicSiteSettingsSchema,
  CaptchaChallenge: captchaChallenge,
  MailAccepted: mailAccepted,
  Provider: providerSchema,
  ProvidersPage: providersPage,
  Mailbox: mailboxSchema,
  MailboxListItem: mailboxListItem,
  MailboxesPage: mailboxesPage,
  TestMailResult: testMailResult,
  // A message as the messages list gives it (its text and phone number are in the export only).
  Message: contactMessageListItem,
  MessagesPage: messagesPage,
  MessagesExport: messagesExport,
  ErasedCounts: erasedCounts,
  MailHealth: mailHealth,
  MailLog: mailLogSchema,
  MailLogPage: mailLogPage,
  Dashboard: dashboardSchema,
  AuditEntry: auditEntry,
  AuditPage: auditPage,
} satisfies Record<string, z.ZodType>;

/**
 * Gives each schema of NAMED_SCHEMAS its id in zod's global registry, which
 * fastify-type-provider-zod reads for `$ref`s and components. The registry also holds the
 * descriptions that `.describe()` gives, so a schema's own metadata is kept. Idempotent.
 */
function nameSchemas(): void {
  for (const [id, schema] of Object.entries(NAMED_SCHEMAS)) {
    z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
  }
}

const COMPONENT = '#/components/schemas/';

/** Every `$ref` to a component schema found anywhere in `value`. */
function refsIn(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(COMPONENT)) {
        found.add(child.slice(COMPONENT.length));
      } else refsIn(child, found);
    }
  }
  return found;
}

/**
 * The components fastify-type-provider-zod adds (every named schema, once as answered and once
 * as sent, `…Input`), kept only when an operation refers to them, directly or through another
 * component: an unused component is noise in the documentation and in a generated client.
 */
const transformObject: FastifyDynamicSwaggerOptions['transformObject'] = (input) => {
  const document = jsonSchemaTransformObject(input) as {
    paths?: unknown;
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = document.components?.schemas ?? {};
  const used = refsIn(document.paths, new Set());
  for (const pending = [...used]; pending.length;) {
    for (const name of refsIn(schemas[pending.pop()!], new Set())) {
      if (used.has(name)) continue;
      used.add(name);
      pending.push(name);
    }
  }
  return {
    ...document,
    components: {
      ...document.components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  } as ReturnType<NonNullable<FastifyDynamicSwaggerOptions['transformObject']>>;
};

/**
 * The OpenAPI 3.1 document of the API (`/api/docs/json` when API_DOCS allows): the site's own
 * address as its server, named component schemas, and per operation what `openApiOperation` adds.
 */
export function openApiOptions(config: AppConfig): FastifyDynamicSwaggerOptions {
  nameSchemas();
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Redwall site API',
        version: '1.0.0',
        description:
          'The JSON API of the company website: public reads (posts, vacancies, page texts), the contact ' +
          'form, and the back office (content, users, mail). Every change needs the X-XSRF-TOKEN header ' +
          'echoing the XSRF-TOKEN cookie; staff operations need a bearer token from POST /api/login.',
        // The site's code is not published under a licence; the document says so rather than leave it out.
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: config.publicUrl, description: 'This site (PUBLIC_URL)' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          // Double-submit CSRF (plugins/csrf.ts): the XSRF-TOKEN cookie echoed in this header.
          xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
        },
      },
    },
    transform: openApiOperation,
    transformObject,
  };
}
