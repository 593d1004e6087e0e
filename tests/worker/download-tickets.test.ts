import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DownloadTicket } from '../../contracts/auth';
import { DOWNLOAD_REFUSED_PARAM } from '../../contracts/download-refused';
import { ticketedUrl } from '../../worker/services/download-tickets';
import { get, send, signUp } from './api';
import { addLines, createRecord, defaultFolderId, download } from './seed';

/**
 * Large downloads by plain navigation: a signed-in user asks for a ticket for one download, and the browser
 * then fetches that address without a header, streaming the file to disk. The ticket opens that one download
 * once within a minute, for its owner only, and never works as a sign-in.
 */
const EXPORT = '/speech/audio/transcribe/export';

async function ticket(token: string, url: string) {
  return send<DownloadTicket>('/prod-api/auth/downloadTicket', { url }, { token });
}

describe('download tickets', () => {
  let owner: { token: string; userId: number };
  let recordId: number;
  let otherRecordId: number;

  beforeAll(async () => {
    owner = await signUp();
    const folder = await defaultFolderId(owner.token);
    recordId = (await createRecord(owner.userId, folder, { name: 'Board' })).id;
    otherRecordId = (await createRecord(owner.userId, folder, { name: 'Other' })).id;
    await addLines(recordId, [{ start: 0, end: 2000, text: 'Ticketed hello' }]);
    await addLines(otherRecordId, [{ start: 0, end: 2000, text: 'Other words' }]);
  });

  it('downloads its own file once without a header, as an attachment, within its minute', async () => {
    const minted = await ticket(owner.token, `${EXPORT}?ids=${recordId}&format=txt&speaker=0`);
    expect(minted.body).toMatchObject({ code: 200, data: { expiresIn: 60 } });
    const res = await download(`/prod-api${minted.body.data.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(await res.text()).toContain('Ticketed hello');
    // Spent: the same address copied from history or a log opens nothing.
    expect((await download(`/prod-api${minted.body.data.url}`)).status).toBe(401);
  });

  it('opens only the download it was made for', async () => {
    const { url } = (await ticket(owner.token, `${EXPORT}?ids=${recordId}&format=txt`)).body.data;
    const ticketParam = new URL(url, 'http://x').searchParams.get('ticket')!;
    // Another record, another format, or another path with the same ticket: refused as unsigned.
    for (const other of [
      `/prod-api${EXPORT}?ids=${otherRecordId}&format=txt&ticket=${ticketParam}`,
      `/prod-api${EXPORT}?ids=${recordId}&format=docx&ticket=${ticketParam}`,
      `/prod-api/speech/video/transcribe/download/zip?idStr=${recordId}&ticket=${ticketParam}`,
    ]) {
      expect((await download(other)).status).toBe(401);
    }
    // Tickets are made only for the large downloads.
    expect((await ticket(owner.token, '/auth/getUserInfo')).status).toBe(400);
    expect((await ticket(owner.token, 'https://elsewhere.example/prod-api/speech/audio/transcribe/export')).status).toBe(400);
  });

  it('is refused once its minute has passed, and once its session has signed out', async () => {
    const session = await signUp();
    const folder = await defaultFolderId(session.token);
    const own = (await createRecord(session.userId, folder)).id;
    const { body } = await get<{ user: unknown }>('/prod-api/auth/getUserInfo', session.token);
    expect(body.code).toBe(200);
    const sessionId = await env.DB.prepare('SELECT id FROM sessions WHERE user_id = ? ORDER BY created_at DESC LIMIT 1')
      .bind(session.userId)
      .first<string>('id');
    const stale = await ticketedUrl(env.JWT_SECRET, session.userId, sessionId!, `${EXPORT}?ids=${own}&format=txt`, Date.now() - 61_000);
    expect((await download(`/prod-api${stale.url}`)).status).toBe(401);

    const fresh = (await ticket(session.token, `${EXPORT}?ids=${own}&format=txt`)).body.data;
    await send('/prod-api/auth/logout', {}, { token: session.token });
    expect((await download(`/prod-api${fresh.url}`)).status).toBe(401);
  });

  it("gives another user's ticket nothing of the owner's", async () => {
    const stranger = await signUp();
    const minted = await ticket(stranger.token, `${EXPORT}?ids=${recordId}&format=txt`);
    const res = await download(`/prod-api${minted.body.data.url}`);
    expect(res.status).not.toBe(200);
    expect(await res.text()).not.toContain('Ticketed hello');
  });

  it('never stands in for a session, and a session token is no ticket', async () => {
    const { url } = (await ticket(owner.token, `${EXPORT}?ids=${recordId}&format=txt`)).body.data;
    const ticketParam = new URL(url, 'http://x').searchParams.get('ticket')!;
    expect((await get('/prod-api/auth/getUserInfo', ticketParam)).status).toBe(401);
    expect((await download(`/prod-api${EXPORT}?ids=${recordId}&format=txt`, ticketParam)).status).toBe(401);
    expect((await ticket(ticketParam, `${EXPORT}?ids=${recordId}&format=txt`)).status).toBe(401);
    expect((await download(`/prod-api${EXPORT}?ids=${recordId}&format=txt&ticket=${owner.token}`)).status).toBe(401);
  });

  it('sends a browser whose ticket is refused back to its page with the code, where an API client gets the envelope', async () => {
    const page = 'http://tingyi.test/records?folder=3';
    // As Chromium follows a link: a navigation, asking for HTML, from the page the link was on.
    const navigate = (url: string, headers: Record<string, string> = {}) =>
      exports.default.fetch(
        new Request(`http://tingyi.test/prod-api${url}`, {
          headers: { 'sec-fetch-mode': 'navigate', accept: 'text/html,application/xhtml+xml,*/*;q=0.8', referer: page, ...headers },
          redirect: 'manual',
        }),
      );
    const refusedWith = (res: Response) => {
      expect(res.status).toBe(303);
      const back = new URL(res.headers.get('location')!, 'http://tingyi.test');
      expect(back.pathname).toBe('/records');
      expect(back.searchParams.get('folder')).toBe('3');
      return Number(back.searchParams.get(DOWNLOAD_REFUSED_PARAM));
    };

    const { url } = (await ticket(owner.token, `${EXPORT}?ids=${recordId}&format=txt`)).body.data;
    const first = await navigate(url);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('Ticketed hello');
    // Spent: no envelope saved as a file, the app says why.
    expect(refusedWith(await navigate(url))).toBe(401);
    // Expired the same way; and an address from elsewhere goes to the app's root, never off the site.
    const sessionId = await env.DB.prepare('SELECT id FROM sessions WHERE user_id = ? ORDER BY created_at DESC LIMIT 1').bind(owner.userId).first<string>('id');
    const stale = await ticketedUrl(env.JWT_SECRET, owner.userId, sessionId!, `${EXPORT}?ids=${recordId}&format=txt`, Date.now() - 61_000);
    const offSite = await navigate(stale.url, { referer: 'https://elsewhere.example/records' });
    expect(offSite.status).toBe(303);
    expect(offSite.headers.get('location')).toBe(`/?${DOWNLOAD_REFUSED_PARAM}=401`);

    // The record deleted after the ticket was made: the ticket is good, the download is not.
    const folder = await defaultFolderId(owner.token);
    const doomed = (await createRecord(owner.userId, folder, { name: 'Doomed' })).id;
    const gone = (await ticket(owner.token, `${EXPORT}?ids=${doomed}&format=txt`)).body.data;
    await env.DB.prepare('DELETE FROM records WHERE id = ?').bind(doomed).run();
    const goneCode = refusedWith(await navigate(gone.url));
    expect(goneCode).toBeGreaterThanOrEqual(400);
    expect(goneCode).not.toBe(401);

    // API clients: no navigation headers, or a bearer token, keep the JSON envelope.
    const again = await download(`/prod-api${url}`);
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ code: 401 });
    const withToken = await navigate(gone.url, { authorization: `Bearer ${owner.token}` });
    expect(withToken.status).toBe(goneCode);
    expect(await withToken.json()).toMatchObject({ code: goneCode });
  });
});
