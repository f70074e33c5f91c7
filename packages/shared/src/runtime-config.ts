/**
 * /config.json: the settings the browser app reads before it starts. The server builds it and the
 * web app checks it; both use this one definition.
 *
 * Checked by hand rather than with zod: the web app reads it on every public page, where zod would
 * add about 15 KB gzip to the first load (docs/decisions/0003-rendering-model.md).
 */
export interface RuntimeConfig {
  apiUrl: string;
  backendUrl: string;
  imageUrl: string;
  captchaProvider: 'altcha';
  /** For ALTCHA, the challenge URL plays the part of the site key. */
  captchaSiteKey: string;
  otherSetting?: string;
  publicUrl: string;
}

export const RUNTIME_CONFIG_PATH = '/config.json';

/** The values that do not depend on the deployment; the web app falls back to them. */
export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  apiUrl: '/api',
  backendUrl: '',
  imageUrl: '/images',
  captchaProvider: 'altcha',
  captchaSiteKey: '/api/captcha/challenge',
  publicUrl: '',
};

const STRING_KEYS = ['apiUrl', 'backendUrl', 'imageUrl', 'captchaSiteKey', 'publicUrl'] as const;

/** The problems of a value read as /config.json; none means it is a RuntimeConfig. */
export function runtimeConfigProblems(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return ['not a JSON object'];
  const v = value as Record<string, unknown>;
  const problems = STRING_KEYS.filter((k) => typeof v[k] !== 'string').map((k) => `${k} must be a string`);
  if (v['captchaProvider'] !== 'altcha') problems.push("captchaProvider must be 'altcha'");
  return problems;
}
