import path from 'node:path';

/**
 * A command as `npm run admin|backup|restore` runs it: the compiled module in apps/server/dist,
 * which the global setup builds when it is older than its sources. Starting it costs a fraction of
 * running the TypeScript through tsx, which compiled the whole server again in every process.
 */
export const compiledCommand = (name: 'admin' | 'backup' | 'restore'): string[] => [
  '--enable-source-maps',
  path.resolve(import.meta.dirname, '../dist', `${name}.js`),
];
