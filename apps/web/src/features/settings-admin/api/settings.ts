import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteSettings, SiteSettingsForm } from '@app/shared/schemas/content';
import { apiFetch } from '../../../lib/api-client';

/** The admin view of the settings: includes who receives contact mail, which the public one hides. */
export const settingsQuery = queryOptions({
  queryKey: ['settings', 'admin'],
  queryFn: () => apiFetch<SiteSettings>('/settings/admin'),
});

export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteSettingsForm) => apiFetch<SiteSettings>('/settings', { method: 'PUT', body }),
    onSuccess: (saved) => qc.setQueryData(settingsQuery.queryKey, saved),
  });
}
