import fs from 'node:fs';
import path from 'node:path';

export const GENERATED_ADMIN_FILE = 'admin-password.txt';

/**
 * The file for the database the administrator belongs to: the embedded database's is
 * GENERATED_ADMIN_FILE; a PostgreSQL database's is named after it, so that a start on PostgreSQL
 * with the same data folder does not overwrite the embedded database's password (or another's).
 */
export function generatedAdminFile(databaseUrl: string | undefined): string {
  if (!databaseUrl) return GENERATED_ADMIN_FILE;
  let name = 'postgresql';
  try {
    const database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
    if (database) name = `postgresql-${database.replace(/[^\w.-]+/g, '_')}`;
  } catch {
    // Not a URL (a libpq key=value string): one name for them all.
  }
  return `admin-password.${name}.txt`;
}

/**
 * The administrator created at the first start with a generated password: printed after the
 * "site ready" line (so request logs do not scroll it away before anyone sees it) and written to a
 * file in the data folder that only the server's user can read. `npm run admin -- reset-password`
 * is the way back in when both are lost.
 */
export function showGeneratedAdmin(
  admin: { email: string; password: string },
  dataDir: string,
  databaseUrl: string | undefined,
  out: { write(text: string): void },
): void {
  const file = path.join(dataDir, generatedAdminFile(databaseUrl));
  let saved: string;
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, `e-mail:   ${admin.email}\npassword: ${admin.password}\n`, { mode: 0o600 });
    fs.chmodSync(file, 0o600); // an existing file keeps its mode otherwise
    saved = `\n  Also saved in ${file} (readable by this user only): delete it once you have changed the password.`;
  } catch (err) {
    saved = `\n  (Could not save it in ${file}: ${(err as Error).message})`;
  }
  out.write(
    `\n  Administrator account created\n    e-mail:   ${admin.email}\n    password: ${admin.password}\n` +
      `  Sign in at /login: the first sign-in asks for a new password.${saved}\n\n`,
  );
}
