import { vi } from 'vitest';

/**
 * FakeDoh: stands in for a DNS-over-HTTPS resolver's JSON API (Cloudflare's and Google's
 * `GET /dns-query?name=…&type=A|AAAA` with `accept: application/dns-json`), which cannot be reached from here. It
 * answers the names it was given (Status 0 with A or AAAA answers, a CNAME first when asked) and NXDOMAIN
 * (Status 3) for any other, as a resolver does. Installed on the test Worker's fetch for the URL WEBHOOK_DOH_URL names.
 */
export class FakeDoh {
  private readonly names = new Map<string, string[]>();

  constructor(readonly url: string) {}

  /** Makes `name` resolve to `addresses` (IPv4 and IPv6 alike). */
  set(name: string, ...addresses: string[]) {
    this.names.set(name, addresses);
    return this;
  }

  install() {
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      return request.url.startsWith(this.url) ? this.answer(request) : realFetch(input, init);
    });
    return this;
  }

  private answer(request: Request) {
    if (request.headers.get('accept') !== 'application/dns-json') return new Response('unsupported media type', { status: 415 });
    const url = new URL(request.url);
    const name = url.searchParams.get('name') ?? '';
    const type = url.searchParams.get('type') === 'AAAA' ? 28 : 1;
    const addresses = this.names.get(name);
    if (!addresses) return Response.json({ Status: 3, Question: [{ name, type }] });
    const wanted = addresses.filter((a) => a.includes(':') === (type === 28));
    const Answer = [{ name, type: 5, TTL: 300, data: `edge.${name}.` }, ...wanted.map((data) => ({ name: `edge.${name}.`, type, TTL: 300, data }))];
    return Response.json({ Status: 0, Question: [{ name, type }], Answer });
  }
}
