import { execFileSync } from 'node:child_process';
import { inject } from 'vitest';

/** Talking to the suite's Worker directly, for set-up a test is not about (accounts, balances). */

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export async function api<T>(path: string, init: { body?: unknown; token?: string } = {}): Promise<Envelope<T>> {
  const request = () =>
    fetch(`${inject('baseURL')}/prod-api${path}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  // A kept-alive connection the server closed while idle (a slow admin call blocks this process a while on a
  // busy machine) fails before the request is sent: send it again.
  const response = await request().catch((error: Error & { cause?: { code?: string } }) => {
    if (['UND_ERR_SOCKET', 'EPIPE', 'ECONNRESET'].includes(error.cause?.code ?? '')) return request();
    throw error;
  });
  return (await response.json()) as Envelope<T>;
}

/** The code the Worker just "sent" (development outbox). */
export async function latestCode(to: string): Promise<string> {
  const { data } = await api<{ body: string }[]>(`/dev/outbox?to=${encodeURIComponent(to)}`);
  const code = data[0]?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** Runs the admin script against the suite's Worker state. */
export function admin(...args: string[]): string {
  return execFileSync('node', ['scripts/admin.mjs', ...args, '--persist-to', '.wrangler/e2e-state'], { encoding: 'utf8' });
}

/** A new account signed up with an emailed code; returns its token. */
export async function signUp(name: string): Promise<string> {
  const email = `${name}-${Date.now()}@example.com`;
  await api('/auth/c/getValidCode', { body: { target: email } });
  const { data } = await api<{ token: string }>('/auth/c/doLoginByValidCode', { body: { target: email, code: await latestCode(email) } });
  return data.token;
}

/** Gives the account a package the way an operator does: a package, a card code, a redemption. */
/** Mints a card for a new package made with `package:create` arguments and redeems it on the account. */
async function grant(token: string, ...packageArgs: string[]) {
  const packageId = admin('package:create', ...packageArgs, '--price', '1').match(/\d+/)![0];
  const code = admin('card:mint', '--package', packageId, '--count', '1').trim().split('\n').at(-1)!.trim();
  const { code: status, msg } = await api(`/expense/cardPassword/exchangeCardPassword/${encodeURIComponent(code)}`, { body: {}, token });
  if (status !== 200) throw new Error(`redeeming ${code}: ${msg}`);
}

/** `hours` of transcription time. */
export const grantHours = (token: string, hours: number) => grant(token, '--type', '3', '--name', `${hours} hours`, '--hours', String(hours));

/** A month of SVIP: every right, vocabulary libraries included. */
export const grantSvip = (token: string) => grant(token, '--type', '1', '--name', 'SVIP month', '--period', '1', '--unit', '2');
