/**
 * The rule against page paths written as strings in the web app (no-restricted-syntax in
 * eslint.config.js), exercised through ESLint itself on probe files that do not exist: each way of
 * writing a path as a string must fail, the same links through the route table must not, and
 * strings that are not page paths (API calls, a test file) are left alone.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const webSrc = path.join(root, 'apps/web/src');
const RULE = 'no-restricted-syntax';

const eslint = new ESLint({ cwd: root });

/** The lines the page-path rule (and any parse failure) reports for `code` as the file `file`. */
async function pathErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(webSrc, file) });
  return result!.messages.filter((m) => m.ruleId === RULE || m.fatal).map((m) => `${m.line}: ${m.message}`);
}

const STRING_PATHS = [
  "import { Link, redirect, useNavigate } from 'react-router';",
  'export function Probe({ id, admin }: { id: number; admin: boolean }) {',
  '  const navigate = useNavigate();',
  "  const links = [{ label: 'Posts', to: '/posts' }, { label: 'Post', to: `/view-post/${id}` }];",
  "  const meta = { title: 'About', path: '/about' };",
  "  const back = { to: admin ? '/admin' : '/personel' };",
  "  const go = () => navigate('/overview-user');",
  '  const goPost = () => navigate(`/edit-post/${id}`);',
  "  const moved = () => redirect('/vacancy');",
  '  return (',
  '    <>',
  '      <Link to="/about">About</Link>',
  "      <Link to={'/post'}>Posts</Link>",
  '      <Link to={`/#contact`}>Contact</Link>',
  '      <a href="/privacy">Privacy</a>',
  "      <Link to={admin ? '/admin' : '/'}>Back</Link>",
  '      <form action="/post" />',
  '      <i>{[links, meta, back, go, goPost, moved].length}</i>',
  '    </>',
  '  );',
  '}',
].join('\n');

const TABLE_PATHS = [
  "import { Link, redirect, useNavigate } from 'react-router';",
  "import { pathTo, ROUTES } from '@app/shared/routes';",
  'export function Probe({ id, admin }: { id: number; admin: boolean }) {',
  '  const navigate = useNavigate();',
  '  const links = [',
  "    { label: 'Posts', to: ROUTES.adminPosts.path },",
  "    { label: 'Post', to: pathTo(ROUTES.viewPost, { id }) },",
  '  ];',
  "  const meta = { title: 'About', path: ROUTES.about.path };",
  '  const back = { to: admin ? ROUTES.admin.path : ROUTES.personel.path };',
  '  const go = () => navigate(ROUTES.overviewUsers.path);',
  '  const goPost = () => navigate(pathTo(ROUTES.editPost, { id }));',
  '  const moved = () => redirect(ROUTES.defaultVacancy.path);',
  '  return (',
  '    <>',
  '      <Link to={ROUTES.about.path}>About</Link>',
  '      <Link to={ROUTES.posts.path}>Posts</Link>',
  '      <Link to={`${ROUTES.home.path}#contact`}>Contact</Link>',
  '      <a href={ROUTES.privacy.path}>Privacy</a>',
  '      <Link to={admin ? ROUTES.admin.path : ROUTES.home.path}>Back</Link>',
  '      <form action={ROUTES.posts.path} />',
  '      <i>{[links, meta, back, go, goPost, moved].length}</i>',
  '    </>',
  '  );',
  '}',
].join('\n');

describe('page paths come from the route table', () => {
  it('refuses every page path written as a string, in attributes, navigate/redirect calls and to:/path: properties', async () => {
    const errors = await pathErrors('features/home/path-probe.tsx', STRING_PATHS);
    // Line by line: two `to:` properties on line 4, one on 5 and 6 each (the `?:` counts twice on
    // 6), navigate and redirect on 7 to 9, then each attribute, the `?:` of line 16 twice.
    expect(errors.map((e) => Number(e.split(':')[0]))).toEqual([4, 4, 5, 6, 6, 7, 8, 9, 12, 13, 14, 15, 16, 16, 17]);
    expect(errors[0]).toMatch(/route table \(@app\/shared\/routes\)/);
  });

  it('accepts the same links written through the route table', async () => {
    expect(await pathErrors('features/home/path-probe.tsx', TABLE_PATHS)).toEqual([]);
  });

  it('leaves API paths and test files alone', async () => {
    expect(
      await pathErrors(
        'features/home/path-probe.ts',
        "declare const apiFetch: (path: string) => Promise<unknown>;\nexport const load = (id: number) => [apiFetch('/posts'), apiFetch(`/posts/${id}`)];\n",
      ),
    ).toEqual([]);
    expect(await pathErrors('features/home/path-probe.test.tsx', STRING_PATHS)).toEqual([]);
  });
});
