import { afterEach, describe, expect, it, vi } from 'vitest';
import { authProvider } from '../../admin/src/providers/authProvider';

const token = (payload: object) => `x.${btoa(JSON.stringify(payload))}.y`;

afterEach(() => vi.unstubAllGlobals());

describe('auth provider', () => {
  it('stores the login under "user" with accessToken and reads the role from the token', async () => {
    const jwt = token({ user: { id: 2, name: 'Demo Manager', type: 'Manager' } });
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            status: 1,
            message: 'ok',
            token: jwt,
            jwtToken: jwt,
            data: { id: 2, name: 'Demo Manager', email: 'm@x.io', type: 'Manager' },
          }),
          { status: 200 },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    await authProvider.login({ email: 'm@x.io', password: 'demo1234' });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/admin/admin-login',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ email: 'm@x.io', password: 'demo1234' }) }),
    );
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ accessToken: jwt, name: 'Demo Manager' });
    await expect(authProvider.getPermissions!({})).resolves.toBe('Manager');
    await expect(authProvider.getIdentity!()).resolves.toMatchObject({ fullName: 'Demo Manager' });
  });

  it("rejects a failed sign-in with the server's message and stores nothing", async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ status: 401, message: 'Invalid email or password.' }), { status: 401 }),
    );
    await expect(authProvider.login({ email: 'm@x.io', password: 'bad' })).rejects.toThrow(
      'Invalid email or password.',
    );
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('removes the stored login and sends the member to / on a 401', async () => {
    localStorage.setItem('user', JSON.stringify({ accessToken: 'abc', name: 'X' }));
    await expect(
      authProvider.checkError({ status: 401, message: 'Your session has expired. Please sign in again.' }),
    ).rejects.toMatchObject({
      redirectTo: '/',
      message: 'Your session has expired. Please sign in again.',
    });
    expect(localStorage.getItem('user')).toBeNull();
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/' });
  });

  it('keeps the login on other errors', async () => {
    localStorage.setItem('user', JSON.stringify({ accessToken: 'abc', name: 'X' }));
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });
});
