import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env['API_ORIGIN'] ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    manifest: true,
    // The SSR build lives beside the client one.
    emptyOutDir: true,
  },
  ssr: {
    // Bundled into the server entry so Node does not have to resolve their ESM/CJS quirks.
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
