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

// No alias for React Router: since 8 its exports map gives its production build to every condition
// but `development`, which Vite sets only in the dev server (it was aliased to dist/production
// until then, remix-run/react-router#12532; docs/decisions/0104-react-router-8-data-router-ssr.md).
export default defineConfig({
  plugins: [react(), pureReactRouterComponents()],
  build: {
    outDir: 'dist/client',
    // Terser (two passes, ES modules) makes the first load about 5 KB gzip smaller than esbuild's
    // minifier (issue 11: 110 KB per public route); the build takes a little longer.
    minify: 'terser',
    terserOptions: { module: true, compress: { passes: 2 } },
    // Every browser the site supports preloads modules itself; the polyfill was 0.5 KB of the entry.
    modulePreload: { polyfill: false },

    manifest: true,
    // The SSR build lives beside the client one.
    emptyOutDir: true,
  },
  ssr: {
    // Bundled into the server entry, React Router as its production build (its exports map's default).
    noExternal: ['react-router', '@app/shared'],
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
});
