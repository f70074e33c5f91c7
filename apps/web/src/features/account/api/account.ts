import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePasswordRequest,
  LoginResponse,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
  TwoFactorStatus,
} from '@app/shared/schemas/auth';
import { apiFetch } from '../../../lib/api-client';

export const twoFactorStatusQuery = queryOptions({
  queryKey: ['account', '2fa'],
  queryFn: () => apiFetch<TwoFactorStatus>('/account/2fa'),
});

export const useTwoFactorSetup = () =>
  useMutation({ mutationFn: () => apiFetch<TwoFactorSetupResponse>('/account/2fa/setup', { method: 'POST' }) });

export function useTwoFactorEnable() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiFetch<TwoFactorEnableResponse>('/account/2fa/enable', { method: 'POST', body: { code } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey }),
  });
}

export function useTwoFactorDisable() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiFetch<{ message: string }>('/account/2fa/disable', { method: 'POST', body: { code } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey }),
  });
}

export const useSignOutEverywhere = () =>
  useMutation({ mutationFn: () => apiFetch<{ message: string }>('/account/sign-out-everywhere', { method: 'POST' }) });

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: ChangePasswordRequest) => apiFetch<LoginResponse>('/account/password', { method: 'POST', body }),
  });
