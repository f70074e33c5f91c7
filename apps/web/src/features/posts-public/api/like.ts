import type { LikeResponse } from '@app/shared/schemas/posts';
import { apiFetch } from '../../../app/api-client';

/** PUT /api/posts/{id}/like (public; apiFetch adds the XSRF header). */
export const likePost = (id: number) => apiFetch<LikeResponse>(`/posts/${id}/like`, { method: 'PUT' });
