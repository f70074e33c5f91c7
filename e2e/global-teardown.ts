import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Removes this run's database folder once the web server has stopped. */
export default function globalTeardown() {
  const id = process.env['E2E_RUN_ID'];
  if (id) fs.rmSync(path.join(os.tmpdir(), `site-e2e-${id}`), { recursive: true, force: true });
}
