import { describe, expect, it } from 'vitest';
import { API, apiPath } from '@app/shared/api-paths';
import { STAFF_API } from '@app/shared/api-paths-staff';
import { useTestApp } from '../test/helper';

const ctx = useTestApp();

describe('the API path tables', () => {
  it('hold exactly the paths the server registers below /api, each once', () => {
    const table = [...Object.values(API), ...Object.values(STAFF_API)];
    expect(table.filter((p, i) => table.indexOf(p) !== i)).toEqual([]);
    const registered = new Set(
      ctx.app.apiRoutes
        .map((r) => r.url)
        // Swagger UI's own routes, served from the OpenAPI plugin, not from a table path.
        .filter((url) => url !== '/api/docs' && !url.startsWith('/api/docs/'))
        .map((url) => url.replace(/^\/api/, '')),
    );
    expect({
      notInTable: [...registered].filter((p) => !table.includes(p as never)),
      notRegistered: table.filter((p) => !registered.has(p)),
    }).toEqual({ notInTable: [], notRegistered: [] });
  });

  it('fill in path parameters', () => {
    expect(apiPath(API.postLike, { id: 3 })).toBe('/posts/3/like');
    expect(apiPath(API.postSearch, { name: 'a b/c' })).toBe('/posts/search/a%20b%2Fc');
    expect(apiPath(STAFF_API.userSignOutEverywhere, { id: 7 })).toBe('/users/7/sign-out-everywhere');
  });
});
