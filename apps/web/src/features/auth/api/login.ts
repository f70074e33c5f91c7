import type { LoginRequest, LoginResponse } from '@app/shared/schemas/auth';
import { apiFetch } from '../../../lib/api-client';

export const login = (body: LoginRequest) => apiFetch<LoginResponse>('/login', { method: 'POST', body });
