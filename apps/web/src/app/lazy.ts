import type { ComponentType } from 'react';

/** Adapts `import('./x')` with a named export to React Router's `lazy` (one chunk per page). */
export const page =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  async () => ({ Component: (await load())[name] });
