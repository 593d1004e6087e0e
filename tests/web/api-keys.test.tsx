import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiKeySummary } from '../../contracts/api-keys';
import { useApiServer } from './helpers/api-server';
import type { RecordedRequest, Reply } from './helpers/api-server';
import { useFakeApp } from './helpers/fake-app';
import { MESSAGES } from './helpers/messages';
import { renderAt } from './helpers/render-app';

/**
 * The profile's API keys card (issue 44): a key is made with a name and scopes, shown once to copy, listed
 * with its last use, and revoked after a confirmation; the texts are the interface language's.
 */
const en = MESSAGES['en-US'];
const server = useApiServer();
const NEW_KEY = 'ty_live_Qm9vbWJveFRoaXNJc0FUZXN0S2V5VGhhdElzTG9uZ0Vub3Vnaw';
let keys: ApiKeySummary[] = [];

function fakeApi({ method, url, body }: RecordedRequest): Reply {
  const ok = (data: unknown): Reply => ({ body: { code: 200, msg: 'ok', data } });
  const path = url.pathname.replace('/prod-api', '');
  if (method === 'GET' && path === '/developer/keys') return ok(keys);
  if (method === 'POST' && path === '/developer/keys') {
    const { name, scopes } = JSON.parse(body) as Pick<ApiKeySummary, 'name' | 'scopes'>;
    keys = [{ id: 7, name, scopes, prefix: NEW_KEY.slice(0, 12), createTime: Date.now(), lastUsedTime: null, revokedTime: null }, ...keys];
    return ok({ id: 7, key: NEW_KEY });
  }
  if (method === 'DELETE' && path.startsWith('/developer/keys/')) {
    keys = keys.map((k) => (`/developer/keys/${k.id}` === path ? { ...k, revokedTime: Date.now() } : k));
    return ok(null);
  }
  if (path === '/auth/loginOptions') return ok({ emailCode: true, smsCode: false, google: false, wechat: false, captcha: 'off' });
  return ok(null);
}

useFakeApp(server, fakeApi);

describe('API keys on the profile page', () => {
  it('creates a key with a name and scopes, shows it once to copy, lists and revokes it', async () => {
    keys = [
      {
        id: 3,
        name: 'Old sync',
        scopes: ['records:read', 'meetings'],
        prefix: 'ty_live_abcd',
        createTime: Date.UTC(2026, 0, 2),
        lastUsedTime: Date.UTC(2026, 0, 5, 8, 30),
        revokedTime: null,
      },
    ];
    renderAt('/user/profile');
    // The profile page's code loads on first visit: slow on a busy machine.
    const card = await screen.findByTestId('api-keys', {}, { timeout: 30_000 });
    const oldRow = (await within(card).findByText(/Old sync/)).closest('li') as HTMLElement;
    expect(oldRow.textContent).toContain(`${en.apiKeys.scopes['records:read']} · ${en.apiKeys.scopes.meetings}`);
    expect(within(oldRow).getByTestId('api-key-used').textContent).toMatch(/^Last used 2026-01-05/);

    fireEvent.click(within(card).getByTestId('api-key-create'));
    fireEvent.change(await screen.findByTestId('api-key-name'), { target: { value: 'Nightly export' } });
    // Reading and transcribing are ticked to start with; dubbing is added, transcribing taken off.
    fireEvent.click(screen.getByTestId('api-key-scope-dubbing'));
    fireEvent.click(screen.getByTestId('api-key-scope-transcribe'));
    fireEvent.click(screen.getByTestId('api-key-create-ok'));

    const shown = (await screen.findByTestId('api-key-value')) as HTMLInputElement;
    expect(shown.value).toBe(NEW_KEY);
    expect(screen.getByText(en.apiKeys.shownOnce)).toBeTruthy();
    const created = server.requests.find((r) => r.method === 'POST' && r.url.pathname.endsWith('/developer/keys'))!;
    expect(JSON.parse(created.body)).toEqual({ name: 'Nightly export', scopes: ['records:read', 'dubbing'] });
    fireEvent.click(screen.getByTestId('api-key-done'));
    await waitFor(() => expect(screen.queryByTestId('api-key-value')).toBeNull());
    // The key itself is nowhere on the page once the dialog is closed.
    await within(card).findByText(/Nightly export/);
    expect(document.body.textContent).not.toContain(NEW_KEY);
    const newRow = within(card)
      .getByText(/Nightly export/)
      .closest('li') as HTMLElement;
    expect(within(newRow).getByTestId('api-key-used').textContent).toBe(en.apiKeys.neverUsed);

    fireEvent.click(within(newRow).getByTestId('api-key-revoke'));
    fireEvent.click(await screen.findByTestId('api-key-revoke-ok'));
    await waitFor(() =>
      expect(
        within(card)
          .getByText(/Nightly export/)
          .closest('li')!.textContent,
      ).toContain('Revoked '),
    );
    expect(server.requests.some((r) => r.method === 'DELETE' && r.url.pathname === '/prod-api/developer/keys/7')).toBe(true);
    expect(
      within(
        within(card)
          .getByText(/Nightly export/)
          .closest('li') as HTMLElement,
      ).queryByTestId('api-key-revoke'),
    ).toBeNull();
  });
});
