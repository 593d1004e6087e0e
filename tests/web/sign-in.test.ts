import { describe, expect, it } from 'vitest';
import { toPicturePoint } from '../../web/features/auth/captcha';
import { safeRedirectPath } from '../../web/lib/redirect';
import { detectSource } from '../../web/lib/source';

describe('detectSource (spec §6)', () => {
  it.each([
    ['?source=2', 2],
    ['?source=browser_plugin', 2],
    ['?source=browser_plugin_media&x=1', 2],
    ['', 1],
    ['?source=1', 1],
    ['?source=plugin', 1],
    ['?source=22', 1],
    ['?other=2', 1],
  ])('%j → %i', (search, expected) => {
    expect(detectSource(search)).toBe(expected);
  });
});

describe('safeRedirectPath', () => {
  it.each([
    ['/recordList', '/recordList'],
    ['/user/profile?tab=2#qr', '/user/profile?tab=2#qr'],
    ['/meetingShare?id=5', '/meetingShare?id=5'],
  ])('keeps the same-site path %j', (raw, expected) => {
    expect(safeRedirectPath(raw)).toBe(expected);
  });

  it.each([
    null,
    '',
    'https://evil.example/steal',
    '//evil.example/x',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'recordList',
    '/login',
    '/register?redirect=/x',
  ])('sends %j home', (raw) => {
    expect(safeRedirectPath(raw)).toBe('/');
  });
});

describe('captcha click → picture coordinates', () => {
  const picture = { width: 300, height: 160 };

  it('maps a click on a picture shown at its own size one to one', () => {
    const box = { left: 100, top: 50, width: 300, height: 160 };
    expect(toPicturePoint({ clientX: 250, clientY: 130 }, box, picture)).toEqual({ x: 150, y: 80 });
  });

  it('scales a click on a picture shown smaller (phone width)', () => {
    const box = { left: 20, top: 200, width: 150, height: 80 };
    expect(toPicturePoint({ clientX: 20 + 45, clientY: 200 + 10 }, box, picture)).toEqual({ x: 90, y: 20 });
    expect(toPicturePoint({ clientX: 20 + 149, clientY: 200 + 79 }, box, picture)).toEqual({ x: 298, y: 158 });
  });

  it('keeps points inside the picture', () => {
    const box = { left: 0, top: 0, width: 300, height: 160 };
    expect(toPicturePoint({ clientX: -4, clientY: 170 }, box, picture)).toEqual({ x: 0, y: 160 });
  });
});
