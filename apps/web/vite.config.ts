import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Alias } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env['API_ORIGIN'] ?? 'http://localhost:3000';

/**
 * React Router 7 points every export condition at its development build (warnings and checks
 * kept in, remix-run/react-router#12532); its production build sits beside it under
 * dist/production. A build uses that one: the same code without the development warnings, about
 * 10 KB gzip less on every page. The dev server keeps the warnings.
 */
function reactRouterProduction(): Alias[] {
  const dist = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production',
  );
  return [
    { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
    { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
  ];
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

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: { alias: command === 'build' ? reactRouterProduction() : [] },
  css: command === 'build' ? { modules: { generateScopedName: scopedName } } : {},
  build: {
    outDir: 'dist/client',
    // Vite 8's own minifier (Oxc) makes the first load about 0.6 KB gzip smaller than Terser does
    // under Vite 8 (issue 11: 110 KB per public route; decision 0100).
    minify: 'oxc',
    // Every browser the site supports preloads modules itself; the polyfill was 0.5 KB of the entry.
    modulePreload: { polyfill: false },
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
