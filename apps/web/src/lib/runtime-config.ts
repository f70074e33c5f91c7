import { createContext, useContext } from 'react';
import {
  DEFAULT_RUNTIME_CONFIG,
  RUNTIME_CONFIG_PATH,
  runtimeConfigProblems,
  type RuntimeConfig,
} from '@app/shared/runtime-config';

export type { RuntimeConfig };

/** Reads /config.json before the app starts; a missing or invalid file falls back to the defaults. */
export async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const res = await fetch(RUNTIME_CONFIG_PATH, { cache: 'no-cache' });
    const value: unknown = await res.json();
    const problems = runtimeConfigProblems(value);
    if (!problems.length) return value as RuntimeConfig;
    console.error(`Invalid ${RUNTIME_CONFIG_PATH}, using defaults: ${problems.join('; ')}`);
  } catch (err) {
    console.error(`Could not read ${RUNTIME_CONFIG_PATH}, using defaults:`, err);
  }
  return DEFAULT_RUNTIME_CONFIG;
}

export const RuntimeConfigContext = createContext<RuntimeConfig>(DEFAULT_RUNTIME_CONFIG);
export const useRuntimeConfig = () => useContext(RuntimeConfigContext);

/** Set once at start-up; used by code outside React (the API client). */
let current = DEFAULT_RUNTIME_CONFIG;
export const setRuntimeConfig = (c: RuntimeConfig) => void (current = c);
export const runtimeConfig = () => current;
