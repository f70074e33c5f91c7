import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiPath } from '@app/shared/api-paths';
import { STAFF_API } from '@app/shared/api-paths-staff';
import type { Interview, InterviewerChoice, InterviewFormValues } from '@app/shared/schemas/candidates';
import { apiFetch } from '../../../lib/api-client';

/** The staff one may name as interviewers (every staff user, ROLE_USER included). */
export const interviewerChoicesQuery = queryOptions({
  queryKey: ['candidates', 'interviewers'],
  queryFn: () => apiFetch<InterviewerChoice[]>(STAFF_API.candidateInterviewers),
  staleTime: 60_000,
});

/** The interview form's values as the API takes them (startsAt stays Brussels wall-clock time). */
export type InterviewBody = Omit<InterviewFormValues, 'interviewerIds'> & { interviewerIds: number[] };

export const useScheduleInterview = (candidateId: number) =>
  useMutation({
    mutationFn: (body: InterviewBody) =>
      apiFetch<Interview>(apiPath(STAFF_API.candidateInterviews, { id: candidateId }), { method: 'POST', body }),
  });

export const useRescheduleInterview = () =>
  useMutation({
    mutationFn: ({ id, body }: { id: number; body: InterviewBody }) =>
      apiFetch<Interview>(apiPath(STAFF_API.interview, { id }), { method: 'PUT', body }),
  });

export const useCancelInterview = () =>
  useMutation({
    mutationFn: (id: number) => apiFetch<Interview>(apiPath(STAFF_API.interview, { id }), { method: 'DELETE' }),
  });
