import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '@app/shared/api-paths';
import { STAFF_API } from '@app/shared/api-paths-staff';
import type {
  CandidateBoard,
  CandidateDetail,
  CandidatePage,
  CandidateStage,
  PipelineVacancy,
  TimelineEntry,
} from '@app/shared/schemas/candidates';
import { ROUTES } from '@app/shared/routes';
import { apiErrorFrom } from '../../lib/api-error';
import { apiFetch } from '../../lib/api-client';
import { runtimeConfig } from '../../lib/runtime-config';
import { sessionToken } from '../../lib/session';

/** A vacancy id or the general pool, as the pipeline's address and API name it. */
export type VacancyKey = number | 'pool';

/** Every pipeline query starts with this key: a change invalidates them all at once. */
const ROOT = ['candidates'] as const;

export const pipelineVacanciesQuery = queryOptions({
  queryKey: [...ROOT, 'vacancies'],
  queryFn: () => apiFetch<PipelineVacancy[]>(STAFF_API.candidateVacancies),
});

export const boardQuery = (vacancy: VacancyKey) =>
  queryOptions({
    queryKey: [...ROOT, 'board', vacancy],
    queryFn: () => apiFetch<CandidateBoard>(`${STAFF_API.candidateBoard}?vacancy=${vacancy}`),
  });

export interface ListParams {
  vacancy: VacancyKey;
  page: number;
  pageSize: number;
  sort: 'applied' | 'name' | 'stage' | 'waiting';
  direction: 'asc' | 'desc';
}
export const candidateListQuery = (p: ListParams) =>
  queryOptions({
    queryKey: [...ROOT, 'list', p],
    queryFn: () =>
      apiFetch<CandidatePage>(
        `${STAFF_API.candidates}?${new URLSearchParams({
          vacancy: String(p.vacancy),
          page: String(p.page),
          pageSize: String(p.pageSize),
          sort: p.sort,
          direction: p.direction,
        })}`,
      ),
    placeholderData: keepPreviousData,
  });

export const candidateQuery = (id: number) =>
  queryOptions({
    queryKey: [...ROOT, 'one', id],
    queryFn: () => apiFetch<CandidateDetail>(apiPath(STAFF_API.candidate, { id })),
  });

export function useMoveCandidate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, stage, reason }: { id: number; stage: CandidateStage; reason?: string }) =>
      apiFetch<CandidateDetail>(apiPath(STAFF_API.candidateStage, { id }), {
        method: 'POST',
        body: reason ? { stage, reason } : { stage },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ROOT }),
  });
}

export function useAddNote(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiFetch<TimelineEntry>(apiPath(STAFF_API.candidateNotes, { id }), { method: 'POST', body: { text } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...ROOT, 'one', id] }),
  });
}

/**
 * The CV's bytes. The API authenticates with the session's bearer token, which an <iframe> or a
 * link cannot send: the page fetches the PDF and shows it through an object URL.
 */
export async function fetchCv(id: number): Promise<Blob> {
  const token = sessionToken();
  const res = await fetch(`${runtimeConfig().apiUrl}${apiPath(STAFF_API.candidateCv, { id })}`, {
    headers: { accept: 'application/pdf', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    credentials: 'same-origin',
  });
  if (!res.ok) {
    const text = await res.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // Not JSON: the status says enough.
    }
    throw apiErrorFrom(res.status, data, res.statusText || undefined);
  }
  return new Blob([await res.arrayBuffer()], { type: 'application/pdf' });
}

export const candidatePath = (id: number) => apiPath(ROUTES.candidate.path, { id });
export const pipelinePath = (vacancy: VacancyKey | null, view?: 'board' | 'list') => {
  const q = new URLSearchParams();
  if (vacancy !== null) q.set('vacancy', String(vacancy));
  if (view === 'list') q.set('view', 'list');
  const s = q.toString();
  return s ? `${ROUTES.candidates.path}?${s}` : ROUTES.candidates.path;
};
