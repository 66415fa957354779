import { afterEach, describe, expect, it, vi } from 'vitest';
import { authProvider } from '../../admin/src/providers/authProvider';
import { apiCall } from '../../admin/src/providers/httpClient';
import { takeSignOutNotice } from '../../admin/src/providers/session';

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

  it('removes the stored login on a 401, keeps its message for the sign-in page and sends the member to /', async () => {
    localStorage.setItem('user', JSON.stringify({ accessToken: 'abc', name: 'X' }));
    await expect(
      authProvider.checkError({ status: 401, message: 'Your session has expired. Please sign in again.' }),
    ).rejects.toMatchObject({ redirectTo: '/', logoutUser: true });
    expect(localStorage.getItem('user')).toBeNull();
    expect(takeSignOutNotice()).toEqual({ message: 'Your session has expired. Please sign in again.', type: 'error' });
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/' });
  });

  it('a 401 answered to any call ends the session in the HTTP client, whichever screen made it', async () => {
    localStorage.setItem('user', JSON.stringify({ accessToken: 'abc', name: 'X' }));
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ status: 401, message: 'Please sign in to continue.' }), { status: 401 }),
    );
    await expect(apiCall('admin/get-folder-count')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('user')).toBeNull();
    expect(takeSignOutNotice()).toEqual({ message: 'Please sign in to continue.', type: 'error' });
  });

  it('logout ends the token on the server (admin/logout) and removes the login, even if the server refuses', async () => {
    localStorage.setItem('user', JSON.stringify({ accessToken: 'abc', name: 'X' }));
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ status: 0, message: 'No.' }), { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(authProvider.logout({})).resolves.toBe('/');
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/logout', expect.objectContaining({ method: 'POST' }));
    expect(
      new Headers((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers).get('Authorization'),
    ).toBe('abc');
    expect(localStorage.getItem('user')).toBeNull();
    fetchMock.mockClear();
    await authProvider.logout({});
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps the login on other errors', async () => {
    localStorage.setItem('user', JSON.stringify({ accessToken: 'abc', name: 'X' }));
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });
});
