import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Intro, IntroResponse, Masthead, MastheadResponse } from '@app/shared/schemas/content';
import { apiFetch } from '../../../lib/api-client';
import { API } from '@app/shared/api-paths';

export const introQuery = queryOptions({ queryKey: ['intro'], queryFn: () => apiFetch<IntroResponse>(API.intro) });
export const mastheadQuery = queryOptions({
  queryKey: ['masthead'],
  queryFn: () => apiFetch<MastheadResponse>(API.masthead),
});

export function useSaveIntro() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Intro) => apiFetch<Intro>(API.intro, { method: 'PUT', body }),
    onSuccess: (saved) => qc.setQueryData(introQuery.queryKey, saved),
  });
}

export function useSaveMasthead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Masthead) => apiFetch<Masthead>(API.masthead, { method: 'PUT', body }),
    onSuccess: (saved) => qc.setQueryData(mastheadQuery.queryKey, saved),
  });
}
