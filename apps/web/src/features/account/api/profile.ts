import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileForm } from '@app/shared/schemas/profile';
import { apiFetch } from '../../../lib/api-client';
import { STAFF_API } from '@app/shared/api-paths-staff';

export const profileQuery = queryOptions({
  queryKey: ['account', 'profile'],
  queryFn: () => apiFetch<Profile>(STAFF_API.accountProfile),
});

export function useSaveProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileForm) => apiFetch<Profile>(STAFF_API.accountProfile, { method: 'PUT', body }),
    onSuccess: (saved) => qc.setQueryData(profileQuery.queryKey, saved),
  });
}
