import { createContext, useContext } from 'react';

/** /config.json: read before the app starts (SPEC section 3, "Runtime configuration"). */
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

const STRING_KEYS = ['apiUrl', 'backendUrl', 'imageUrl', 'captchaSiteKey', 'publicUrl'] as const;

/**
 * Checked by hand rather than with zod: this runs on every public page, where zod would add
 * ~15 KB gzip to the first load. Returns the problems found.
 */
export function runtimeConfigProblems(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return ['not a JSON object'];
  const v = value as Record<string, unknown>;
  const problems = STRING_KEYS.filter((k) => typeof v[k] !== 'string').map((k) => `${k} must be a string`);
  if (v['captchaProvider'] !== 'altcha') problems.push("captchaProvider must be 'altcha'");
  return problems;
}

export const defaultRuntimeConfig: RuntimeConfig = {
  apiUrl: '/api',
  backendUrl: '',
  imageUrl: '/images',
  captchaProvider: 'altcha',
  captchaSiteKey: '/api/captcha/challenge',
  publicUrl: '',
};

export async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const res = await fetch('/config.json', { cache: 'no-cache' });
    const value: unknown = await res.json();
    const problems = runtimeConfigProblems(value);
    if (!problems.length) return value as RuntimeConfig;
    console.error(`Invalid /config.json, using defaults: ${problems.join('; ')}`);
  } catch (err) {
    console.error('Could not read /config.json, using defaults:', err);
  }
  return defaultRuntimeConfig;
}

export const RuntimeConfigContext = createContext<RuntimeConfig>(defaultRuntimeConfig);
export const useRuntimeConfig = () => useContext(RuntimeConfigContext);

/** Set once at start-up; used by code outside React (the API client). */
let current = defaultRuntimeConfig;
export const setRuntimeConfig = (c: RuntimeConfig) => void (current = c);
export const runtimeConfig = () => current;
