import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

// In vitest the Worker's own fetch does not serve static assets, so the assets binding is asked directly:
// it applies wrangler.toml's single-page-application fallback exactly as production does.
describe('SPA assets', () => {
  it.each(['/', '/recordList?x=1', '/cast/123456', '/user/profile', '/screenProjection?code=123456'])('serves the app shell for %s', async (path) => {
    const response = await env.ASSETS.fetch(new Request(`http://tingyi.test${path}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
  });

  it('serves built script files as JavaScript, not as the HTML fallback', async () => {
    const html = await (await env.ASSETS.fetch(new Request('http://tingyi.test/'))).text();
    const script = html.match(/<script[^>]+src="([^"]+\.js)"/)?.[1];
    expect(script).toBeTruthy();
    const response = await env.ASSETS.fetch(new Request(`http://tingyi.test${script}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
  });
});
