import { describe, expect, it } from 'vitest';
import { ROLES_MSG } from '@app/shared/messages/roles';
import { call, tokenFor, useTestApp } from '../../../test/helper';

const ctx = useTestApp();

describe('the profile', () => {
  it('lets every staff member set their display name, which the audit trail records', async () => {
    const { token, email, userId } = await tokenFor(ctx.app, 'ROLE_CONTRIBUTOR');
    const first = await call(ctx.app, { method: 'GET', url: '/api/account/profile', token });
    expect(first.json()).toEqual({ email, displayName: '', roles: ['ROLE_CONTRIBUTOR'] });

    const saved = await call(ctx.app, {
      method: 'PUT',
      url: '/api/account/profile',
      token,
      payload: { displayName: '  Jane Doe ' },
    });
    expect([saved.statusCode, saved.json().displayName]).toEqual([200, 'Jane Doe']);
    expect((await call(ctx.app, { method: 'GET', url: '/api/account/profile', token })).json().displayName).toBe(
      'Jane Doe',
    );
    const trail = (await call(ctx.app, { method: 'GET', url: '/api/audit?area=users', token: ctx.adminToken })).json()
      .items as { action: string; recordId: string; changes: unknown }[];
    expect(trail.find((r) => r.action === 'update-profile' && r.recordId === String(userId))?.changes).toEqual({
      displayName: { from: '', to: 'Jane Doe' },
    });
  });

  it("refuses a name that is too long or spans lines, with the form's message", async () => {
    const { token } = await tokenFor(ctx.app, 'ROLE_EDITOR');
    const long = await call(ctx.app, {
      method: 'PUT',
      url: '/api/account/profile',
      token,
      payload: { displayName: 'x'.repeat(201) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(ROLES_MSG.displayNameTooLong);
    const twoLines = await call(ctx.app, {
      method: 'PUT',
      url: '/api/account/profile',
      token,
      payload: { displayName: 'a\nb' },
    });
    expect(twoLines.statusCode).toBe(400);
  });

  it('is only for the signed-in', async () => {
    expect((await call(ctx.app, { method: 'GET', url: '/api/account/profile' })).statusCode).toBe(401);
  });
});
