import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

const webSrc = path.resolve(import.meta.dirname, 'apps/web/src');

/**
 * The web app's layers (bulletproof-react's zones), by folder under apps/web/src:
 * - app/: composition (route tree, providers, layouts, error boundaries); may import everything.
 * - features/<area>/: pages of one area; only their own files, lib/, ui/ and packages.
 * - ui/: small shared components; only ui/, lib/ and packages.
 * - lib/: shared infrastructure (API client, session, runtime config, meta, guard); only lib/.
 * Files directly under src/ (the two entries) may import any layer, and nothing imports them.
 * Packages such as @app/shared are imported by name, never by a relative path.
 */
function zoneOf(file) {
  const rel = path.relative(webSrc, file).split(path.sep);
  if (rel[0] === '..' || path.isAbsolute(rel[0])) return undefined;
  if (rel.length === 1) return 'entry';
  if (rel[0] === 'features') return rel.length > 2 ? `features/${rel[1]}` : 'features';
  return rel[0];
}

const mayImport = (from, to) => {
  if (from === 'entry' || from === 'app') return to !== 'entry' && to !== undefined;
  if (from.startsWith('features/')) return to === from || to === 'lib' || to === 'ui';
  if (from === 'ui') return to === 'ui' || to === 'lib';
  if (from === 'lib') return to === 'lib';
  return true;
};

const WHY = {
  features:
    'a feature imports only its own files, lib/, ui/ and @app/shared; the route composition in app/ connects features',
  ui: 'ui/ imports only ui/, lib/ and @app/shared',
  lib: 'lib/ imports only lib/ and @app/shared',
};

/** The string of an import's source when it is written literally (a plain or substitution-free template string). */
const literal = (node) =>
  node?.type === 'Literal'
    ? node.value
    : node?.type === 'TemplateLiteral' && node.expressions.length === 0
      ? node.quasis[0]?.value.cooked
      : undefined;

/** Calls `check(node, spec)` for static imports, re-exports, dynamic `import('…')` and `typeof import('…')`. */
const importVisitors = (check) => ({
  ImportDeclaration: (node) => check(node.source, node.source.value),
  ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
  ExportAllDeclaration: (node) => check(node.source, node.source.value),
  ImportExpression: (node) => check(node.source, literal(node.source)),
  TSImportType: (node) => check(node, literal(node.source ?? node.argument?.literal)),
});

/** One rule for static imports, re-exports, dynamic `import('…')` and `typeof import('…')`. */
const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps the web app layers (app, features, ui, lib) importing one way.' },
    schema: [],
    messages: {
      forbidden: '{{from}} must not import {{to}} ({{spec}}): {{why}}.',
    },
  },
  create(context) {
    const file = context.physicalFilename ?? context.filename;
    const from = zoneOf(file);
    if (!from || from === 'features') return {};
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), spec);
      const to = zoneOf(target);
      if (mayImport(from, to)) return;
      const why = WHY[from.startsWith('features/') ? 'features' : from] ?? 'not allowed';
      const toName =
        to ?? `${path.relative(path.dirname(webSrc), target)} (outside the web app: import the package by name)`;
      context.report({ node, messageId: 'forbidden', data: { from, to: toName, spec, why } });
    };
    return importVisitors(check);
  },
};

const serverRoot = path.resolve(import.meta.dirname, 'apps/server');
const serverSrc = path.join(serverRoot, 'src');
const serverModules = path.join(serverSrc, 'modules');

/**
 * Where a server file sits: `{ module, face }` for a file under modules/<name>/ (`face` when it is
 * that module's index.ts, or the folder itself as an import resolves it), `registry` for
 * modules/index.ts, `lib`, `plugins`, `test` (apps/server/test/), `other` for the rest of the server's
 * sources (app.ts, server.ts, start-app.ts, config.ts, cli/, db/, seed/), undefined outside the server.
 */
function serverZoneOf(target) {
  const fromTest = path.relative(path.join(serverRoot, 'test'), target);
  if (!fromTest.startsWith('..') && !path.isAbsolute(fromTest)) return { zone: 'test' };
  const rel = path.relative(serverSrc, target).split(path.sep);
  if (rel[0] === '..' || path.isAbsolute(rel[0])) return undefined;
  if (rel[0] === 'modules') {
    if (rel.length === 1 || (rel.length === 2 && /^index(\.ts)?$/.test(rel[1]))) return { zone: 'registry' };
    const face = rel.length === 2 || (rel.length === 3 && /^index(\.ts)?$/.test(rel[2]));
    return { zone: 'module', module: rel[1].replace(/\.ts$/, ''), face };
  }
  if (rel[0] === 'lib' || rel[0] === 'plugins') return { zone: rel[0] };
  return { zone: 'other' };
}

/**
 * The server's zones (docs/architecture.md, docs/decisions/0135-server-assembly-and-module-faces.md):
 * - a module is reached from outside only through its face, modules/<name>/index.ts;
 * - lib/ is below every module: it imports none;
 * - modules do not import modules/index.ts, the registry that app.ts mounts;
 * - the server's code never imports the test support in apps/server/test/.
 * Test files are not checked: a test looks inside what it tests.
 */
const serverBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps server modules behind their index.ts and lib/ below the modules.' },
    schema: [],
    messages: {
      internal:
        "{{from}} must not import {{spec}}, inside the {{module}} module: import its face, '{{face}}' (modules/{{module}}/index.ts).",
      libModule: 'lib/ must not import a module ({{spec}}): lib/ is shared infrastructure below every module.',
      registry: '{{from}} must not import the module registry ({{spec}}): only app.ts mounts it.',
      test: '{{from}} must not import the test support ({{spec}}): only tests do.',
    },
  },
  create(context) {
    const file = context.physicalFilename ?? context.filename;
    const from = serverZoneOf(file);
    if (!from || from.zone === 'test') return {};
    const fromName =
      from.zone === 'module' ? `the ${from.module} module` : path.relative(serverSrc, file).split(path.sep).join('/');
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), spec);
      const to = serverZoneOf(target);
      if (!to) return;
      const data = { from: fromName, spec };
      if (to.zone === 'test') return context.report({ node, messageId: 'test', data });
      if (to.zone === 'registry') {
        if (from.zone === 'module') context.report({ node, messageId: 'registry', data });
        return;
      }
      if (to.zone !== 'module') return;
      if (from.zone === 'module' && from.module === to.module) return;
      if (from.zone === 'lib') return context.report({ node, messageId: 'libModule', data });
      if (to.face) return;
      const face = path.relative(path.dirname(file), path.join(serverModules, to.module)).split(path.sep).join('/');
      context.report({
        node,
        messageId: 'internal',
        data: { ...data, module: to.module, face: face.startsWith('.') ? face : `./${face}` },
      });
    };
    return importVisitors(check);
  },
};

/**
 * Page paths come from the route table (packages/shared/src/routes.ts): `ROUTES.x.path`,
 * `pathTo(ROUTES.x, {…})`, postPath, vacancyPath, tagPath. A path written as a string where the
 * web app links or navigates (a `to`, `href` or `action` attribute, `navigate(…)` or `redirect(…)`,
 * a `to:` or `path:` property, also as a branch of `?:`, `??` or `||`) is refused, so a renamed
 * page cannot leave a dead link behind. Esquery's regular expressions cannot hold a slash: \x2F.
 */
const STRING_PATH = ':matches(Literal[value=/^\\x2F/], TemplateLiteral[quasis.0.value.raw=/^\\x2F/])';
const PATH_POSITIONS = [
  'JSXAttribute[name.name=/^(to|href|action)$/] > STRING',
  'JSXAttribute[name.name=/^(to|href|action)$/] > JSXExpressionContainer > STRING',
  'JSXAttribute[name.name=/^(to|href|action)$/] > JSXExpressionContainer > :matches(ConditionalExpression, LogicalExpression) STRING',
  'CallExpression[callee.name=/^(navigate|redirect)$/] > STRING',
  'CallExpression[callee.name=/^(navigate|redirect)$/] > :matches(ConditionalExpression, LogicalExpression) STRING',
  'Property[key.name=/^(to|path)$/] > STRING.value',
  'Property[key.name=/^(to|path)$/] > :matches(ConditionalExpression, LogicalExpression).value STRING',
];
const NO_STRING_PATHS = PATH_POSITIONS.map((position) => ({
  selector: position.replaceAll('STRING', STRING_PATH),
  message:
    'Write page paths with the route table (@app/shared/routes): ROUTES.x.path, pathTo(ROUTES.x, {…}), postPath, vacancyPath or tagPath.',
}));

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'apps/server/drizzle/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, zones: { rules: { boundaries } } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'zones/boundaries': 'error',
      // API paths come from @app/shared/api-paths(-staff), the table the server registers its routes at.
      'no-restricted-syntax': [
        'error',
        ...[
          "[arguments.0.type='Literal']",
          "[arguments.0.type='TemplateLiteral'][arguments.0.quasis.0.value.raw=/^\\//]",
        ].map((first) => ({
          selector: `CallExpression[callee.name=/^(apiFetch|loaderGet|publicGet)$/]${first}`,
          message:
            'Take the API path from API or STAFF_API (@app/shared/api-paths, api-paths-staff), with apiPath for parameters.',
        })),
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...NO_STRING_PATHS] },
  },
  {
    files: [
      'scripts/**/*.ts',
      'scripts/**/*.mjs',
      'e2e/**/*.ts',
      'apps/server/bench/**/*.ts',
      'apps/server/src/server.ts',
      'apps/server/src/seed/**/*.ts',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    // The server's zones (serverBoundaries above); the server's own code never imports apps/server/test/.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    plugins: { 'server-zones': { rules: { boundaries: serverBoundaries } } },
    rules: {
      'server-zones/boundaries': 'error',
    },
  },
);
