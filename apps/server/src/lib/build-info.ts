import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';
import { serverRoot } from './server-root';

/**
 * What build is running: the server package's version and the source revision the image or
 * deployment was built from (APP_REVISION; the Dockerfile sets it from its REVISION build
 * argument), 'unknown' when not told.
 */
export function buildInfo(config: Pick<AppConfig, 'revision'>): { version: string; revision: string } {
  let version = 'unknown';
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as { version?: unknown };
    if (typeof pkg.version === 'string') version = pkg.version;
  } catch {
    // A layout without the package file still serves; the metric says so.
  }
  return { version, revision: config.revision ?? 'unknown' };
}
