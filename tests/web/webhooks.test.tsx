import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '../../contracts/webhooks';
import { setLocale } from '../../web/i18n';
import { useApiServer } from './helpers/api-server';
import type { RecordedRequest, Reply } from './helpers/api-server';
import { useFakeApp } from './helpers/fake-app';
import { MESSAGES } from './helpers/messages';
import { fail, ok } from './helpers/records';
import { renderAt } from './helpers/render-app';

const en = MESSAGES['en-US'];
const zh = MESSAGES['zh-CN'];
const server = useApiServer();
useFakeApp(server, fakeApi);

let endpoints: WebhookEndpoint[];
let deliveries: WebhookDelivery[];
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

function fakeApi({ method, url, body }: RecordedRequest): Reply {
  const path = url.pathname.replace('/prod-api', '');
  switch (`${method} ${path}`) {
    case 'GET /auth/loginOptions':
      return ok({ emailCode: true, smsCode: false, google: false, wechat: false, captcha: 'off' });
    case 'GET /developer/webhooks':
      return ok(endpoints);
    case 'POST /developer/webhooks': {
      const input = JSON.parse(body) as Pick<WebhookEndpoint, 'url' | 'events'>;
      endpoints = [...endpoints, { id: 2, ...input, disabled: false, failingSince: null, createdAt: Date.now() }];
      return ok({ id: 2, secret: SECRET });
    }
    case 'GET /developer/webhooks/1/deliveries':
      return ok(deliveries);
    case 'POST /developer/webhooks/1/deliveries/msg_2Lh1cV0nNUpmeMOYRbrCWnUtNdT/replay':
      return ok(deliveries[0]);
    default:
      return fail(404, `No route ${path}`);
  }
}

const calls = (method: string, path: string) => server.requests.filter((r) => r.method === method && r.url.pathname === `/prod-api${path}`);

beforeEach(() => {
  endpoints = [
    {
      id: 1,
      url: 'https://hooks.example.com/tingyi',
      events: ['transcription.completed', 'minutes.ready'],
      disabled: false,
      failingSince: Date.now() - 3600_000,
      createdAt: Date.now() - 86_400_000,
    },
  ];
  deliveries = [
    {
      id: 'msg_2Lh1cV0nNUpmeMOYRbrCWnUtNdT',
      event: 'transcription.completed',
      status: 'failed',
      attempts: 8,
      lastStatus: 502,
      lastAnswer: 'Bad gateway',
      nextAttemptAt: null,
      createdAt: Date.now() - 60_000,
    },
  ];
});

describe('webhooks in the profile', () => {
  it('adds an endpoint for the chosen events and shows its secret once', { timeout: 90_000 }, async () => {
    renderAt('/user/profile');
    // The first render loads the profile page's code, which takes a while on a busy machine.
    const row = await screen.findByTestId('webhook-1', {}, { timeout: 45_000 });
    expect(row.textContent).toContain('https://hooks.example.com/tingyi');
    expect(row.textContent).toContain(en.webhooks.failing);

    fireEvent.click(screen.getByTestId('webhook-add'));
    fireEvent.change(screen.getByTestId('webhook-url'), { target: { value: 'https://ci.example.com/hook' } });
    // Every event is chosen to begin with; the user leaves out two.
    fireEvent.click(screen.getByTestId('webhook-event-dubbing.completed'));
    fireEvent.click(screen.getByTestId('webhook-event-dubbing.failed'));
    fireEvent.click(screen.getByTestId('webhook-save'));

    await waitFor(() => expect(calls('POST', '/developer/webhooks')).toHaveLength(1));
    expect(JSON.parse(calls('POST', '/developer/webhooks')[0]!.body)).toEqual({
      url: 'https://ci.example.com/hook',
      events: ['transcription.completed', 'transcription.failed', 'summary.ready', 'meeting.ended', 'minutes.ready'],
    });
    expect((await screen.findByTestId('webhook-secret')).textContent).toContain(SECRET);
    expect(await screen.findByTestId('webhook-2')).toBeTruthy();
    fireEvent.click(screen.getByText(en.webhooks.secretDone));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull(), { timeout: 5000 });
  });

  it('lists an endpoint’s deliveries with their answers and replays one, in Chinese', async () => {
    await act(() => setLocale('zh-CN'));
    renderAt('/user/profile');
    expect(await screen.findByText(zh.webhooks.title, {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(await screen.findByTestId('webhook-deliveries-1'));
    const delivery = await screen.findByTestId('delivery-msg_2Lh1cV0nNUpmeMOYRbrCWnUtNdT');
    expect(delivery.textContent).toContain(zh.webhooks.status.failed);
    expect(delivery.textContent).toContain('HTTP 502');
    expect(delivery.textContent).toContain('Bad gateway');
    fireEvent.click(within(delivery).getByTestId('replay-msg_2Lh1cV0nNUpmeMOYRbrCWnUtNdT'));
    await waitFor(() => expect(calls('POST', '/developer/webhooks/1/deliveries/msg_2Lh1cV0nNUpmeMOYRbrCWnUtNdT/replay')).toHaveLength(1));
    // The list is read again after the replay.
    await waitFor(() => expect(calls('GET', '/developer/webhooks/1/deliveries')).toHaveLength(2));
  });
});
