import { createHash } from 'node:crypto';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env['API_ORIGIN'] ?? 'http://localhost:3000';

/**
 * React Router 8 creates Link, NavLink and Form with `React.forwardRef` calls that carry no
 * `@__PURE__` mark and sets their `displayName` beside them, so a bundler keeps all three, with
 * all they use (form submission, prefetching), in any build that imports its DOM module at all:
 * about 2 KB gzip of every public page's first load, which went over the 110 KB budget
 * (docs/decisions/0105-first-load-under-react-router-8.md). Marked pure and without the
 * displayName (read by developer tools only), each is dropped where nothing uses it. The build
 * fails if the module no longer looks as expected, so an upgrade cannot silently undo or misapply it.
 */
function pureReactRouterComponents(): Plugin {
  const domModule = /\/react-router\/dist\/production\/lib\/dom\/lib\.js$/;
  return {
    name: 'pure-react-router-components',
    apply: 'build',
    transform(code, id) {
      if (!domModule.test(id.split('?')[0]!)) return null;
      let changes = 0;
      const marked = code
        .replace(/^const (Link|NavLink|Form) = React\$1\.forwardRef\(/gm, (_all, name: string) => {
          changes++;
          return `const ${name} = /* @__PURE__ */ React$1.forwardRef(`;
        })
        .replace(/^(Link|NavLink|Form)\.displayName = "\1";$/gm, () => {
          changes++;
          return '';
        });
      if (changes !== 6) this.error(`react-router's dom/lib.js changed (${changes} of 6 edits): review this plugin`);
      return { code: marked, map: null };
    },
  };
}

/**
 * A CSS module class is `<class>_<hash of its file>`: unique per file, the same in the client and
 * the server-render build, and shorter than Vite's `_<class>_<hash>_<line>`. The public pages'
 * class maps are in the entry (lib/styled-handle.ts), so this is about 0.3 KB gzip off every
 * public route (docs/decisions/0100-one-vite-for-build-and-tests.md).
 */
function scopedName(local: string, file: string): string {
  const hash = createHash('sha256')
    .update(path.relative(import.meta.dirname, file))
    .digest('base64url');
  return `${local}_${hash.slice(0, 5)}`;
}

// No alias for React Router: since 8 its exports map gives its production build to every condition
// but `development`, which Vite sets only in the dev server (it was aliased to dist/production
// until then, remix-run/react-router#12532; docs/decisions/0104-react-router-8-data-router-ssr.md).
export default defineConfig(({ command }) => ({
  plugins: [react(), pureReactRouterComponents()],
  css: command === 'build' ? { modules: { generateScopedName: scopedName } } : {},
  build: {
    outDir: 'dist/client',
    // Vite 8's own minifier (Oxc) makes the first load about 0.6 KB gzip smaller than Terser does
    // under Vite 8 (110 KB per public route; decision 0100).
    minify: 'oxc',
    // Every browser the site supports preloads modules itself; the polyfill was 0.5 KB of the entry.
    modulePreload: {
      polyfill: false,
      // A lazy chunk's preload list leaves out what the entry imports (the framework, the site core
      // and Rolldown's runtime): loaded before any lazy import can run, so listing them in every
      // route's list only added bytes to the first load.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => !/\/(framework|site-core|rolldown-runtime)-/.test(dep)) : deps,
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only the listed modules, not what they import (that stays where Rolldown puts it).
          includeDependenciesRecursively: false,
          groups: [
            {
              // What the home page shows besides its own chunk, in one chunk instead of four small
              // ones: about 0.7 KB gzip off '/' (the services, careers, vision and vacancy pages
              // load a little more, well under the budget). Decision 0100.
              name: 'home-parts',
              test: /src[\\/](features[\\/]home[\\/](visions|services|careers-tiles)|ui[\\/]public[\\/]deferred)\./,
            },
            {
              // The sign-in card and the staff texts, which the sign-in and account-link pages
              // share, in one chunk rather than two that each compress on their own (decision 0080).
              name: 'sign-in-parts',
              test: /(features[\\/]auth[\\/]login-card|shared[\\/]src[\\/]messages[\\/]staff)\./,
            },
            {
              // The account-link calls and their texts, which the forgot, reset and invitation
              // pages load together, in one chunk rather than two (about 60 bytes gzip off each).
              name: 'account-links',
              test: /(features[\\/]auth[\\/]api[\\/]account-links|shared[\\/]src[\\/]messages[\\/]account-links)\./,
            },
            {
              // What every page's entry loads and lazy chunks share (the route table, the head, the
              // page language, the preload helper, the API client's error and its texts, the
              // runtime configuration, the carousels' chevron): one chunk, not ten small ones that
              // each compress on their own (about 1.5 KB gzip; decisions 0136 and
              // 0152-interface-languages.md).
              name: 'site-core',
              test: /(shared[\\/]src[\\/](routes|constants|locales|runtime-config|career-tiles|messages[\\/](fill-text|client))|src[\\/]lib[\\/](meta|language|language-links|runtime-config|link|api-error)|src[\\/]ui[\\/]public[\\/]chevron-icon|preload-helper)\./,
            },
            {
              // React, React DOM and React Router, which every page loads, in one chunk instead of
              // the four Rolldown makes of them: each compresses on its own, so one is smaller.
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
          ],
        },
      },
    },

    manifest: true,
    // The SSR build lives beside the client one.
    emptyOutDir: true,
  },
  ssr: {
    // Everything the server render imports is bundled into dist/server (only Node's built-ins stay
    // outside), so the web app's packages are development dependencies: a production install
    // pruned with `npm prune --omit=dev` does not carry them (decision 0103).
    noExternal: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/images': api,
      '/config.json': api,
      '/sitemap.xml': api,
      '/rss.xml': api,
      '/robots.txt': api,
    },
  },
}));
