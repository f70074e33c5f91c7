import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath } from '@app/shared/api-paths';
import { STAFF_API } from '@app/shared/api-paths-staff';
import type { FeedbackFormInput, InterviewCandidate, MyInterview, MyInterviews } from '@app/shared/schemas/candidates';
import { apiFetch, endSession } from '../../../lib/api-client';
import { ApiError, apiErrorFrom, NETWORK_ERROR } from '../../../lib/api-error';
import { runtimeConfig } from '../../../lib/runtime-config';
import { sessionToken } from '../../../lib/session';

/** The signed-in staff member's interviews, upcoming and past. */
export const myInterviewsQuery = queryOptions({
  queryKey: ['interviews', 'mine'],
  queryFn: () => apiFetch<MyInterviews>(STAFF_API.interviewsMine),
});

/** A candidate one interviews, as an interviewer sees them (403 for anyone else). */
export const interviewCandidateQuery = (id: number) =>
  queryOptions({
    queryKey: ['interviews', 'candidate', id],
    queryFn: () => apiFetch<InterviewCandidate>(apiPath(STAFF_API.interviewCandidate, { id })),
    // A 403 or 404 does not change by asking again.
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
  });

/**
 * The candidate's CV as a Blob: fetched with the session's token (an <iframe> could not send it),
 * then shown through an object URL. A refused token ends the session like every API call.
 */
export async function fetchCandidateCv(id: number, signal?: AbortSignal): Promise<Blob> {
  const token = sessionToken();
  let res: Response;
  try {
    res = await fetch(`${runtimeConfig().apiUrl}${apiPath(STAFF_API.interviewCandidateCv, { id })}`, {
      headers: { accept: 'application/pdf', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      credentials: 'same-origin',
      signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, NETWORK_ERROR);
  }
  if (!res.ok) {
    if (res.status === 401 && token && sessionToken() === token) endSession();
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    throw apiErrorFrom(res.status, body, res.statusText || undefined);
  }
  return new Blob([await res.arrayBuffer()], { type: 'application/pdf' });
}

export function useGiveFeedback(candidateId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ interviewId, body }: { interviewId: number; body: FeedbackFormInput }) =>
      apiFetch<MyInterview>(apiPath(STAFF_API.interviewFeedback, { id: interviewId }), { method: 'PUT', body }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['interviews', 'candidate', candidateId] }),
        qc.invalidateQueries({ queryKey: ['interviews', 'mine'] }),
      ]),
  });
}
