import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from '../../web/lib/download';

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
