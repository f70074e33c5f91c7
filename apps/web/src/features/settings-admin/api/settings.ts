import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteSettings, SiteSettingsForm } from '@app/shared/schemas/content';
import { apiFetch } from '../../../lib/api-client';
import { API } from '@app/shared/api-paths';
import { STAFF_API } from '@app/shared/api-paths-staff';

/** The admin view of the settings: includes who receives contact mail, which the public one hides. */
export const settingsQuery = queryOptions({
  queryKey: ['settings', 'admin'],
  queryFn: () => apiFetch<SiteSettings>(STAFF_API.settingsAdmin),
});

export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteSettingsForm) => apiFetch<SiteSettings>(API.settings, { method: 'PUT', body }),
    onSuccess: (saved) => qc.setQueryData(settingsQuery.queryKey, saved),
  });
}
