import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePayDialog } from '../../web/features/pay/store';
import { useSession } from '../../web/lib/session';
import { useApiServer } from './helpers/api-server';
import type { RecordedRequest, Reply } from './helpers/api-server';
import { useFakeApp } from './helpers/fake-app';
import { CATEGORIES, OPEN_ID, newFakePay, payReply } from './helpers/pay';
import type { FakePay } from './helpers/pay';
import { fail, ok, sampleTree } from './helpers/records';
import { renderAt } from './helpers/render-app';
import { setLocale } from '../../web/i18n';
import { userInfo } from './helpers/users';

const server = useApiServer();
const toasts = useFakeApp(server, fakeApi);
let fake: FakePay;

function fakeApi({ url, body }: RecordedRequest): Reply {
  const path = url.pathname.replace('/prod-api', '');
  const pay = payReply(fake, path, body);
  if (pay) return pay;
  if (path === '/speech/folder/getFolder') return ok(sampleTree());
  if (path === '/speech/audio/transcribe/query') return ok({ rows: [], total: 0 });
  if (path === '/expense/account/queryBuyRecord') return ok({ rows: [], total: 0 });
  return fail(404, `No route ${url.pathname}`);
}

const calls = (prefix: string) => server.requests.filter((r) => r.url.pathname.startsWith(`/prod-api${prefix}`));
const qr = () => screen.getByTestId('pay-qr').getAttribute('data-value');

beforeEach(() => {
  fake = newFakePay();
  localStorage.removeItem('payDialog');
  act(() => usePayDialog.setState({ tabIndex: 0 }));
});
afterEach(() => {
  act(() => usePayDialog.getState().close(true));
  window.history.replaceState(null, '', '/');
});

async function openFromHeader() {
  renderAt('/');
  fireEvent.click(await screen.findByTestId('purchase-button'));
  await screen.findByTestId('pay-dialog');
  await waitFor(() => expect(qr()).toBe('weixin://wxpay/bizpayurl?pr=TY1'));
}

describe('pay dialog', () => {
  it('opens from the header on the first tab with its first package, WeChat by default, at the server’s price', async () => {
    await openFromHeader();
    const dialog = screen.getByTestId('pay-dialog');
    expect(dialog.querySelector('.ant-tabs-tab-active')!.textContent).toBe('VIP membership');
    expect(screen.getByTestId('pay-package-11').getAttribute('aria-pressed')).toBe('true');
    // In the currency WeChat Pay charges, written so an English reader does not take it for yen.
    expect(screen.getByTestId('pay-price').textContent).toContain('CN¥49.00');
    expect(within(screen.getByTestId('pay-equity')).getByText('VIP 1 month right one')).toBeTruthy();
    expect(fake.orders.map((o) => o.body)).toEqual([
      { source: 1, packageId: 11, payPrice: 49, payType: 'wxV3Pay', goodsName: 'VIP 1 month', description: 'VIP 1 month' },
    ]);
    // Only configured methods are offered; PayPal has no settings here.
    expect(screen.queryByTestId('pay-method-paypalV2Pay')).toBeNull();
    expect(document.querySelector('.pay-dialog .ant-modal-content')).toBeTruthy();
    expect((document.querySelector('.pay-dialog') as HTMLElement).closest('.ant-modal')!.getAttribute('style')).toContain('1210px');
  });

  it('asks for a new payment when the tab, the package or the method changes', async () => {
    await openFromHeader();
    fireEvent.click(screen.getByTestId('pay-tab-3'));
    await waitFor(() => expect(qr()).toBe('weixin://wxpay/bizpayurl?pr=TY2'));
    expect(fake.orders[1]!.body).toMatchObject({ packageId: 21, payPrice: 39 });
    fireEvent.click(screen.getByTestId('pay-package-22'));
    await waitFor(() => expect(qr()).toBe('weixin://wxpay/bizpayurl?pr=TY3'));
    fireEvent.click(screen.getByTestId('pay-method-aliPay'));
    await waitFor(() => expect(qr()).toBe('https://qr.alipay.com/TY4'));
    expect(fake.orders[3]!.body).toMatchObject({ packageId: 22, payType: 'aliPay', payPrice: 169 });
    expect(screen.getByText(/Open Alipay and scan the code/)).toBeTruthy();
  });

  it('polls every second until paid, then says so, refreshes permissions and the balances, and closes', async () => {
    await openFromHeader();
    await waitFor(() => expect(calls('/expense/pay/getPayRechargeStatus/TY1').length).toBeGreaterThanOrEqual(2));
    expect(toasts).toEqual([]); // "not yet" is no error
    const accountCalls = calls('/expense/account/queryAccountDetail').length;
    fake.status = 'paid';
    await screen.findByText('Payment received. Your package is ready to use.');
    await waitFor(() => expect(screen.queryByTestId('pay-dialog')).toBeNull());
    await waitFor(() => expect(useSession.getState().permissions.screenCasting).toBe(true));
    await waitFor(() => expect(calls('/expense/account/queryAccountDetail').length).toBeGreaterThan(accountCalls));
    const polled = calls('/expense/pay/getPayRechargeStatus/').length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(calls('/expense/pay/getPayRechargeStatus/').length).toBe(polled);
  });

  it('offers a fresh code when the order expires', async () => {
    fake.status = 'expired';
    await openFromHeader();
    const button = await within(screen.getByTestId('pay-qr')).findByRole('button', { name: /refresh/i });
    fake.status = 'pending';
    fireEvent.click(button);
    await waitFor(() => expect(qr()).toBe('weixin://wxpay/bizpayurl?pr=TY2'));
  });

  it('closing stops polling, tells the opener it was not paid and resets the tab', async () => {
    renderAt('/');
    await screen.findByTestId('purchase-button');
    const onUnpaid = vi.fn();
    act(() => usePayDialog.getState().open({ tabIndex: 2, onUnpaid }));
    await screen.findByTestId('pay-dialog');
    await waitFor(() => expect(screen.getByTestId('pay-dialog').querySelector('.ant-tabs-tab-active')!.textContent).toBe('Smart dubbing'));
    fireEvent.click(document.querySelector('.pay-dialog .ant-modal-close')!);
    await waitFor(() => expect(screen.queryByTestId('pay-dialog')).toBeNull());
    expect(onUnpaid).toHaveBeenCalledOnce();
    expect(usePayDialog.getState().tabIndex).toBe(0);
    const polled = calls('/expense/pay/getPayRechargeStatus/').length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(calls('/expense/pay/getPayRechargeStatus/').length).toBe(polled);
  });

  it('an account item’s buy action opens its own category', async () => {
    renderAt('/');
    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('account-buy-dubbing'));
    await screen.findByTestId('pay-dialog');
    await waitFor(() => expect(screen.getByTestId('pay-dialog').querySelector('.ant-tabs-tab-active')!.textContent).toBe('Smart dubbing'));
    await waitFor(() => expect(fake.orders[0]?.body).toMatchObject({ packageId: 31 }));
  });

  it('hides the close button when the plugin embeds it', async () => {
    window.history.replaceState(null, '', '/?source=browser_plugin_media');
    renderAt('/');
    await screen.findByTestId('purchase-button');
    act(() => usePayDialog.getState().open());
    await screen.findByTestId('pay-dialog');
    await waitFor(() => expect(fake.orders[0]?.body).toMatchObject({ source: 2 }));
    expect(document.querySelector('.pay-dialog .ant-modal-close')).toBeNull();
  });

  it('the development provider shows its confirm page link beside the code', async () => {
    fake.methods = ['devPay'];
    renderAt('/');
    fireEvent.click(await screen.findByTestId('purchase-button'));
    const link = await screen.findByTestId('dev-pay-link');
    expect(link.getAttribute('href')).toBe('http://127.0.0.1/prod-api/dev/pay/TY1');
    expect(screen.getByTestId('pay-method-devPay').closest('label')!.textContent).toBe('Development payment (local test)');
  });

  it('the bills page buy button opens it', async () => {
    renderAt('/user/account');
    fireEvent.click(await screen.findByTestId('bills-buy'));
    await screen.findByTestId('pay-dialog');
  });
});

const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47';
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36';

describe('paying on this device', () => {
  afterEach(() => {
    localStorage.removeItem('wechatPayOpenId');
    sessionStorage.clear();
    delete window.WeixinJSBridge;
  });

  it('inside WeChat, first sends the payer to WeChat’s authorisation with their choice kept, instead of a QR code', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    renderAt('/');
    fireEvent.click(await screen.findByTestId('purchase-button'));
    fireEvent.click(await screen.findByTestId('pay-tab-3'));
    fireEvent.click(await screen.findByTestId('pay-package-22'));
    fireEvent.click(await within(await screen.findByTestId('pay-wechat-authorize')).findByRole('button', { name: 'Pay with WeChat' }));
    await waitFor(() => expect(calls('/expense/pay/wechatAuthorizeUrl')).toHaveLength(1));
    expect(calls('/expense/pay/wechatAuthorizeUrl')[0]!.url.searchParams.get('redirect')).toBe(window.location.href);
    expect(JSON.parse(sessionStorage.getItem('payResume')!)).toEqual({ tabIndex: 1, packageId: 22 });
    // No order is placed before WeChat has said who pays.
    expect(fake.orders).toEqual([]);
  });

  it('back from WeChat with a code: keeps the openid, reopens on the chosen package and pays in WeChat’s sheet', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
    const invoked: unknown[] = [];
    window.WeixinJSBridge = {
      invoke: (_api, params, done) => {
        invoked.push(params);
        done({ err_msg: 'get_brand_wcpay_request:ok' });
      },
    };
    sessionStorage.setItem('payResume', JSON.stringify({ tabIndex: 1, packageId: 22 }));
    window.history.replaceState(null, '', '/?lang=en-US&code=CODE123&state=tingyi-pay');
    renderAt('/?lang=en-US&code=CODE123&state=tingyi-pay');
    await screen.findByTestId('pay-wechat-in-app');
    expect(calls('/expense/pay/getOpenId')[0]!.url.searchParams.get('code')).toBe('CODE123');
    expect(localStorage.getItem('wechatPayOpenId')).toBe(OPEN_ID);
    expect(window.location.search).toBe('?lang=en-US');
    expect(fake.orders).toEqual([
      {
        channel: 'jsapi',
        outTradeNo: 'TY1',
        body: {
          source: 1,
          packageId: 22,
          payPrice: 169,
          payType: 'wxV3Pay',
          goodsName: 'Duration 50 hours',
          description: 'Duration 50 hours',
          openId: OPEN_ID,
        },
      },
    ]);
    await waitFor(() => expect(invoked).toEqual([expect.objectContaining({ package: 'prepay_id=wxTY1', signType: 'RSA' })]));
    fake.status = 'paid';
    await screen.findByText('Payment received. Your package is ready to use.');
    await waitFor(() => expect(screen.queryByTestId('pay-dialog')).toBeNull());
  });

  it('on a phone, Alipay opens its app through the H5 page instead of showing a QR code', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(PHONE_UA);
    renderAt('/');
    fireEvent.click(await screen.findByTestId('purchase-button'));
    fireEvent.click(await screen.findByTestId('pay-method-aliPay'));
    await screen.findByText('Opening Alipay…');
    expect(fake.orders.at(-1)).toMatchObject({ channel: 'h5', body: { payType: 'aliPay', packageId: 11 } });
    // WeChat Pay outside WeChat is still a code to scan.
    expect(fake.orders[0]).toMatchObject({ channel: 'qr', body: { payType: 'wxV3Pay' } });
  });
});

describe('PayPal and plugin pages', () => {
  it('/paypalReturn captures through the server, then says paid and refreshes permissions', async () => {
    fake.status = 'paid';
    renderAt('/paypalReturn?outTradeNo=TY9&token=5O190127TN364715T&PayerID=QYR5Z8XDVJNXQ');
    await screen.findByTestId('paypal-paid');
    expect(screen.getByText('Payment received. Your package is ready to use.')).toBeTruthy();
    const [call] = calls('/expense/pay/paypalPayBack');
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({ token: '5O190127TN364715T', PayerID: 'QYR5Z8XDVJNXQ' });
    await waitFor(() => expect(useSession.getState().permissions.screenCasting).toBe(true));
  });

  it('/paypalReturn not yet confirmed offers to try again', async () => {
    renderAt('/paypalReturn?outTradeNo=TY9&token=5O190127TN364715T&PayerID=Q');
    await screen.findByText('PayPal has not confirmed the payment yet. Try again in a moment.');
    fake.status = 'paid';
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('paypal-paid');
  });

  it('/paypalCallBack says nothing was charged and lets the payer choose again', async () => {
    renderAt('/paypalCallBack?outTradeNo=TY9&token=5O190127TN364715T');
    await screen.findByText('Payment cancelled');
    fireEvent.click(screen.getByTestId('paypal-choose-again'));
    await screen.findByTestId('pay-dialog');
  });

  it('/pluginPay opens the dialog embedded, without a close button, and says when it is paid', async () => {
    window.history.replaceState(null, '', '/pluginPay?source=browser_plugin_media');
    renderAt('/pluginPay?source=browser_plugin_media');
    await screen.findByTestId('pay-dialog');
    expect(document.querySelector('.pay-dialog .ant-modal-close')).toBeNull();
    await waitFor(() => expect(fake.orders[0]?.body).toMatchObject({ source: 2 }));
    fake.status = 'paid';
    await screen.findByTestId('plugin-paid');
  });

  it('embedded, PayPal opens in a new window and the page says it is in progress', async () => {
    fake.methods = ['paypalV2Pay'];
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    window.history.replaceState(null, '', '/pluginPay?source=browser_plugin_media');
    renderAt('/pluginPay?source=browser_plugin_media');
    await screen.findByText('Opening PayPal…', { selector: '.ant-result-title' });
    expect(open).toHaveBeenCalledWith('https://www.sandbox.paypal.com/checkoutnow?token=TY1', '_blank', 'noopener');
    expect(screen.queryByTestId('pay-dialog')).toBeNull();
  });
});

/** The server names packages in the request's language; the fake does the same for the Chinese interface. */
const CHINESE_NAMES: Record<number, [string, string]> = { 11: ['VIP 会员 1 个月', '个人日常使用'], 12: ['VIP 会员 12 个月', '按年更省'] };
function inLanguage(request: RecordedRequest): Reply {
  const path = request.url.pathname.replace('/prod-api', '');
  if (path !== '/expense/package/queryCommonPricePackage' || request.headers['accept-language'] !== 'zh-CN') return fakeApi(request);
  return ok(
    CATEGORIES.map((c) => ({
      ...c,
      packageList: c.packageList.map((p) => ({ ...p, packageName: CHINESE_NAMES[p.id]?.[0] ?? p.packageName, description: CHINESE_NAMES[p.id]?.[1] ?? '' })),
    })),
  );
}

describe('pay dialog: names, layout and guests', () => {
  it('shows each package’s name and description in the interface language, and again after the language changes', async () => {
    server.reply(inLanguage);
    await act(() => setLocale('zh-CN'));
    renderAt('/');
    fireEvent.click(await screen.findByTestId('purchase-button'));
    const card = await screen.findByTestId('pay-package-11');
    await waitFor(() => expect(card.textContent).toContain('VIP 会员 1 个月'));
    expect(card.textContent).toContain('个人日常使用');
    // Payment methods come from their own request, which may answer after the packages.
    expect((await screen.findByTestId('pay-method-wxV3Pay')).closest('label')!.textContent).toBe('微信支付');
    await act(() => setLocale('en-US'));
    await waitFor(() => expect(screen.getByTestId('pay-package-11').textContent).toContain('VIP 1 month'));
    expect(screen.getByTestId('pay-package-11').textContent).toContain('VIP 1 month for testing');
    // A signed-up buyer is not warned about guest accounts.
    expect(screen.queryByTestId('pay-guest-notice')).toBeNull();
  });

  it('two packages sit side by side without carousel arrows; five slide; the comparison opens from the top', async () => {
    renderAt('/');
    fireEvent.click(await screen.findByTestId('purchase-button'));
    await screen.findByTestId('pay-package-12');
    const moreButton = () => screen.getByTestId('pay-packages').querySelector('button[aria-label="More packages"]');
    expect(moreButton()).toBeNull();
    fireEvent.click(screen.getByTestId('pay-tab-3'));
    await screen.findByTestId('pay-package-25');
    expect(moreButton()).not.toBeNull();
    fireEvent.click(screen.getByTestId('pay-compare'));
    expect(await screen.findByText('Real-time interpreting per day')).toBeTruthy();
  });

  it('tells a guest what a guest account keeps and takes them to sign up before paying', async () => {
    useSession.getState().setUserInfo(userInfo({ visitor: true, email: null, hasPassword: false, name: 'Guest-abc123' }));
    const router = renderAt('/recordList');
    await screen.findByTestId('app-header');
    act(() => usePayDialog.getState().open());
    const notice = await screen.findByTestId('pay-guest-notice');
    expect(notice.textContent).toContain('A guest account lives only in this browser');
    fireEvent.click(within(notice).getByTestId('pay-guest-sign-up'));
    await waitFor(() => expect(screen.queryByTestId('pay-dialog')).toBeNull());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/recordList');
  });

  it('the bills name how each purchase was paid: WeChat Pay, Alipay, PayPal or a card code', async () => {
    const row = (id: number, channel: 'pay' | 'card', payType: string | null) => ({
      id,
      channel,
      payType,
      reference: `R${id}`,
      amountFen: 3900,
      createdAt: Date.UTC(2026, 0, id),
      packageName: 'Duration 10 hours',
      packageType: '3',
    });
    server.reply((request) =>
      request.url.pathname.endsWith('/expense/account/queryBuyRecord')
        ? ok({ rows: [row(1, 'pay', 'wxV3Pay'), row(2, 'pay', 'aliPay'), row(3, 'pay', 'paypalV2Pay'), row(4, 'card', null)], total: 4 })
        : fakeApi(request),
    );
    renderAt('/user/account');
    await waitFor(() => expect(screen.getAllByTestId('bill-channel').map((tag) => tag.textContent)).toEqual(['WeChat Pay', 'Alipay', 'PayPal', 'Card code']));
    await act(() => setLocale('zh-CN'));
    await waitFor(() => expect(screen.getAllByTestId('bill-channel').map((tag) => tag.textContent)).toEqual(['微信支付', '支付宝', 'PayPal', '卡密兑换']));
  });
});
