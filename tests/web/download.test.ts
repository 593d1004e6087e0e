import { afterEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../contracts/api-paths';
import { setToken } from '../../web/lib/auth';
import { downloadByLink, filenameFromDisposition, takeRefusedDownload } from '../../web/lib/download';
import { downloadConfig } from '../../web/features/dubbing/api';
import { useApiServer } from './helpers/api-server';

const server = useApiServer();

describe('filenameFromDisposition (RFC 6266)', () => {
  it.each([
    ['attachment; filename="minutes.srt"', 'minutes.srt'],
    ['attachment; filename=minutes.vtt', 'minutes.vtt'],
    ['attachment; filename="say \\"hi\\".txt"', 'say "hi".txt'],
    [`attachment; filename="fallback.docx"; filename*=UTF-8''${encodeURIComponent('会议 纪要.docx')}`, '会议 纪要.docx'],
    [`attachment; filename*=utf-8''${encodeURIComponent('會議.txt')}; filename="x.txt"`, '會議.txt'],
    ["attachment; filename*=ISO-8859-1''caf%E9.txt", 'café.txt'],
    ['attachment; filename*=UTF-8\'\'%E4%BC; filename="plain.txt"', 'plain.txt'],
    ['attachment; filename="../../etc/passwd"', '.._.._etc_passwd'],
  ])('%s → %s', (header, name) => {
    expect(filenameFromDisposition(header)).toBe(name);
  });

  it.each([null, '', 'attachment', 'inline; name="x"'])('gives no name for %j', (header) => {
    expect(filenameFromDisposition(header)).toBeNull();
  });
});

describe('large downloads (the dubbing zip, a bulk export)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('go by a ticketed link the browser streams to disk, never through a blob in memory', async () => {
    setToken('session-token');
    server.requests.length = 0;
    server.reply(({ url, body }) =>
      url.pathname.endsWith(API.auth.downloadTicket)
        ? { body: { code: 200, msg: 'ok', data: { url: `${(JSON.parse(body) as { url: string }).url}&ticket=T1`, expiresIn: 60 } } }
        : { body: 'PK', contentType: 'application/zip' },
    );
    // jsdom has no object URLs: one made would mean the file went through memory.
    const blobs = vi.fn(() => 'blob:zip');
    Object.assign(URL, { createObjectURL: blobs, revokeObjectURL: () => {} });
    const followed: { href: string; saveAnyAnswer: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push({ href: this.href, saveAnyAnswer: this.hasAttribute('download') });
    });

    await downloadByLink(downloadConfig(42, 'withVideo', { type: 'srt', msgType: '3' }));

    // One call, signed in, asks for a ticket for exactly this download …
    expect(server.requests).toHaveLength(1);
    const [asked] = server.requests;
    expect(asked!.headers.authorization).toBe('Bearer session-token');
    expect(JSON.parse(asked!.body)).toEqual({ url: `${API.dubbing.downloadDestroyZip}?idStr=42&type=srt&msgType=3&speaker=0` });
    // … and the browser follows the ticketed address itself, the file named by the server; not as a forced
    // download, so a refused ticket's way back to the app is followed rather than saved as a file.
    expect(followed).toHaveLength(1);
    const link = new URL(followed[0]!.href);
    expect(link.pathname).toBe(`/prod-api${API.dubbing.downloadDestroyZip}`);
    expect(link.searchParams.get('ticket')).toBe('T1');
    expect(followed[0]!.saveAnyAnswer).toBe(false);
    expect(blobs).not.toHaveBeenCalled();
  });
});

describe('a refused ticketed download', () => {
  it.each([
    [401, 'downloadRefused.expired'],
    [404, 'downloadRefused.gone'],
    [503, 'downloadRefused.failed'],
  ])('brought back with %i is told as %s, once, and leaves the address as it was', (code, key) => {
    window.history.replaceState(null, '', `/records?folder=3&downloadRefused=${code}#top`);
    expect(takeRefusedDownload()).toEqual({ key, code });
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/records?folder=3#top');
    expect(takeRefusedDownload()).toBeNull();
  });
});
