import type { ContactFormInput } from '@app/shared/schemas/contact';

export type ContactField = keyof ContactFormInput;
export type ContactErrors = Partial<Record<ContactField, string>>;
type RulesModule = typeof import('@app/shared/schemas/contact');

let loading: Promise<RulesModule> | undefined;

/**
 * The shared contact schema (the server's own rules), loaded once on first use: zod stays out of
 * the public pages' first load (the 110 KB budget of docs/decisions/0080-first-load-budget.md). A
 * failed load can be tried again.
 */
export function loadContactRules(): Promise<RulesModule> {
  loading ??= import('@app/shared/schemas/contact').catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

/** The first message per field, as the shared schema words it. */
export function validateContact(rules: RulesModule, values: ContactFormInput): ContactErrors {
  const parsed = rules.contactForm.safeParse(values);
  const errors: ContactErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path[0] as ContactField] ??= issue.message;
  }
  return errors;
}

export type ContactRules = RulesModule;
