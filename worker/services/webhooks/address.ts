/**
 * No way in through a webhook: an endpoint must be a public https address (in development, http or https on this
 * machine's loopback too). A name is resolved first, with DNS over HTTPS (WEBHOOK_DOH_URL, JSON API: Workers have
 * no DNS of their own), and every address it names must be public: private, loopback, link-local (cloud metadata
 * at 169.254.169.254), carrier-grade NAT, multicast and reserved ranges are refused. The check runs when an
 * endpoint is registered and again before every attempt, so a name later pointed inwards is refused then.
 */
export type Refusal = 'webhookHttpsOnly' | 'webhookAddressPrivate' | 'webhookAddressUnresolved';

const DEFAULT_DOH = 'https://cloudflare-dns.com/dns-query';

/** IPv4 ranges no webhook may reach: [first address, prefix length]. */
const PRIVATE_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT (also Alibaba Cloud's metadata at 100.100.100.200)
  ['169.254.0.0', 16], // link-local: AWS, GCP and Azure metadata at 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3], // multicast, reserved and broadcast
];
const LOOPBACK_V4: [string, number] = ['127.0.0.0', 8];

const v4Number = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
const inV4 = (ip: string, [base, bits]: [string, number]) => Math.floor(v4Number(ip) / 2 ** (32 - bits)) === Math.floor(v4Number(base) / 2 ** (32 - bits));
const isV4 = (host: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(host);

/** An IPv6 address as eight 16-bit groups (with an embedded IPv4 tail expanded), or null when it is not one. */
function v6Groups(ip: string): number[] | null {
  let text = ip.toLowerCase();
  const v4Tail = text.match(/(\d{1,3}(?:\.\d{1,3}){3})$/);
  if (v4Tail) {
    const n = v4Number(v4Tail[1]!);
    text = `${text.slice(0, -v4Tail[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (s: string | undefined) => (s ? s.split(':') : []);
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...Array<string>(Math.max(0, fill)).fill('0'), ...tail];
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => Number.parseInt(g, 16));
}

type Kind = 'public' | 'loopback' | 'private';

function classifyV4(ip: string): Kind {
  if (inV4(ip, LOOPBACK_V4)) return 'loopback';
  return PRIVATE_V4.some((range) => inV4(ip, range)) ? 'private' : 'public';
}

function classifyV6(groups: number[]): Kind {
  const [a = 0, b = 0] = groups;
  const v4 = () => `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
  if (groups.slice(0, 7).every((g) => g === 0)) return groups[7] === 1 ? 'loopback' : 'private'; // ::1, ::
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return classifyV4(v4()); // IPv4-mapped
  if (a === 0x64 && b === 0xff9b) return classifyV4(v4()); // NAT64
  if ((a & 0xfe00) === 0xfc00) return 'private'; // unique local, AWS metadata fd00:ec2::254
  if ((a & 0xffc0) === 0xfe80) return 'private'; // link-local
  if ((a & 0xff00) === 0xff00) return 'private'; // multicast
  if (a === 0x2001 && b === 0xdb8) return 'private'; // documentation
  if (a === 0x100 && groups.slice(1, 4).every((g) => g === 0)) return 'private'; // discard
  return 'public';
}

/** What an IP literal is, or null when `host` is a name. */
function classifyLiteral(host: string): Kind | null {
  if (isV4(host)) return classifyV4(host);
  const bare = host.replace(/^\[|\]$/g, '');
  const groups = bare.includes(':') ? v6Groups(bare) : null;
  return groups ? classifyV6(groups) : null;
}

interface DohAnswer {
  Status: number;
  Answer?: { type: number; data: string }[];
}

/** The A and AAAA addresses of `name`, from the configured DNS-over-HTTPS resolver; empty when it has none. */
async function resolve(env: Pick<Env, 'WEBHOOK_DOH_URL'>, name: string): Promise<string[]> {
  const answers = await Promise.all(
    (['A', 'AAAA'] as const).map(async (type) => {
      const url = new URL(env.WEBHOOK_DOH_URL || DEFAULT_DOH);
      url.searchParams.set('name', name);
      url.searchParams.set('type', type);
      const response = await fetch(url, { headers: { accept: 'application/dns-json' } });
      if (!response.ok) throw new Error(`DNS resolver answered ${response.status}`);
      const body = (await response.json()) as DohAnswer;
      // Only address records: a CNAME chain is followed by the resolver, which lists its final addresses too.
      return body.Status === 0 ? (body.Answer ?? []).filter((a) => a.type === 1 || a.type === 28).map((a) => a.data) : [];
    }),
  );
  return answers.flat();
}

/**
 * Why `url` may not receive webhooks, or null when it may. Throws only when the resolver cannot be reached, which
 * a delivery treats as a failed attempt to retry.
 */
export async function refusal(env: Pick<Env, 'ENVIRONMENT' | 'WEBHOOK_DOH_URL'>, url: string): Promise<Refusal | null> {
  const development = env.ENVIRONMENT === 'development';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'webhookHttpsOnly';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'webhookHttpsOnly';
  if (parsed.username || parsed.password) return 'webhookHttpsOnly';
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  let kinds: Kind[];
  const literal = classifyLiteral(host);
  if (literal) kinds = [literal];
  else if (host === 'localhost' || host.endsWith('.localhost')) kinds = ['loopback'];
  else if (host === 'metadata.google.internal' || !host.includes('.')) kinds = ['private'];
  else {
    const addresses = await resolve(env, host);
    if (addresses.length === 0) return 'webhookAddressUnresolved';
    kinds = addresses.map((a) => classifyLiteral(a) ?? 'private');
  }
  if (kinds.includes('private')) return 'webhookAddressPrivate';
  if (kinds.includes('loopback')) {
    // This machine's own receiver, while developing: the only place plain http is accepted.
    return development ? null : 'webhookAddressPrivate';
  }
  return parsed.protocol === 'https:' ? null : 'webhookHttpsOnly';
}
