import { and, eq } from 'drizzle-orm';
import { COMPANY_TIME_ZONE } from '@app/shared/brussels';
import { LOCALE_TABLE, type Locale } from '@app/shared/locales';
import type { CandidateMailKind } from '@app/shared/schemas/candidates';
import type { Db } from '../../db/client';
import { candidateMailTemplates } from '../../db/schema';
import { CANDIDATE_MAIL_DEFAULTS } from './template-defaults';

/** The values a candidate mail's placeholders take; an interview's only for an invitation. */
export interface TemplateValues {
  name: string;
  vacancy: string;
  company: string;
  interview?: { startsAt: Date; durationMinutes: number; place: string };
}

/** The template of a kind and language: staff's stored text, or the built-in default. */
export async function templateFor(
  db: Db,
  kind: CandidateMailKind,
  language: Locale,
): Promise<{ subject: string; body: string; isDefault: boolean; updatedAt: Date | null }> {
  const [row] = await db
    .select()
    .from(candidateMailTemplates)
    .where(and(eq(candidateMailTemplates.kind, kind), eq(candidateMailTemplates.language, language)));
  return row
    ? { subject: row.subject, body: row.body, isDefault: false, updatedAt: row.updatedAt }
    : { ...CANDIDATE_MAIL_DEFAULTS[kind][language], isDefault: true, updatedAt: null };
}

/** Date and time of an interview as the candidate reads them: their language, Brussels time. */
function interviewWhen(at: Date, language: Locale): { date: string; time: string } {
  const tag = LOCALE_TABLE[language].tag;
  return {
    date: new Intl.DateTimeFormat(tag, { timeZone: COMPANY_TIME_ZONE, dateStyle: 'full' }).format(at),
    time: new Intl.DateTimeFormat(tag, { timeZone: COMPANY_TIME_ZONE, hour: '2-digit', minute: '2-digit' }).format(at),
  };
}

/** Fills {name}, {vacancy}, ...; an unknown placeholder stays as written, so a typo shows in the preview. */
export function fillTemplate(text: string, values: TemplateValues, language: Locale): string {
  const when = values.interview ? interviewWhen(values.interview.startsAt, language) : undefined;
  const map: Record<string, string | undefined> = {
    name: values.name,
    vacancy: values.vacancy,
    company: values.company,
    date: when?.date,
    time: when?.time,
    duration: values.interview ? String(values.interview.durationMinutes) : undefined,
    place: values.interview?.place,
  };
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => map[key] ?? whole);
}

/** A candidate mail of one kind in one language, filled in: what the preview shows and the outbox sends. */
export async function candidateMailText(
  db: Db,
  kind: CandidateMailKind,
  language: Locale,
  values: TemplateValues,
): Promise<{ subject: string; body: string }> {
  const t = await templateFor(db, kind, language);
  return { subject: fillTemplate(t.subject, values, language), body: fillTemplate(t.body, values, language) };
}
