import type { LoginRequest } from '@app/shared/schemas/auth';

/**
 * Validates with the shared schema, loaded on first use: zod stays out of the page's first load
 * (the 110 KB budget of docs/decisions/0080-first-load-budget.md) while the rules stay the server's
 * own.
 */
export async function validateLogin(values: LoginRequest) {
  const { loginRequest } = await import('@app/shared/schemas/auth');
  const parsed = loginRequest.safeParse(values);
  const errors: Partial<Record<keyof LoginRequest, string>> = {};
  if (parsed.success) return { data: parsed.data, errors };
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof LoginRequest;
    errors[key] ??= issue.message;
  }
  return { data: undefined, errors };
}

/** The code step's one field, with the shared rule (loaded on first use, as above). */
export async function validateCode(code: string): Promise<{ code?: string; error?: string }> {
  const { twoFactorCode } = await import('@app/shared/schemas/auth');
  const parsed = twoFactorCode.safeParse(code);
  return parsed.success ? { code: parsed.data } : { error: parsed.error.issues[0]?.message };
}
