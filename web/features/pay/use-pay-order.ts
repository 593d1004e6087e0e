import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SOURCE } from '../../../contracts/constants';
import { PAYMENT } from '../../../contracts/constants';
import type { PayType, PricePackage, QrPayResponse } from '../../../contracts/pay';
import { createAliH5Pay, createJsApiPay, createQrPay, fetchPayStatus } from './api';
import { payPlace, storedOpenId, storeOpenId } from './in-app-pay';
import { payStatusKey } from '../../lib/query-keys';

/**
 * The payment for the chosen package and method (spec §4): a new order whenever either changes, an
 * answer that arrives for an older choice is dropped, and the order's status polled every second until
 * it is paid or expired. Polling stops when the dialog (and with it this hook) goes away. Inside WeChat's
 * browser a WeChat order is paid in place (JSAPI, once WeChat has said who the payer is), on a phone an
 * Alipay order opens the Alipay app (H5); elsewhere orders are QR codes.
 */
export function usePayOrder(pkg: PricePackage | undefined, payType: PayType | undefined, source: (typeof SOURCE)[keyof typeof SOURCE]) {
  const [order, setOrder] = useState<QrPayResponse | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const place = payPlace();
  const inWechat = place === 'wechat' && payType === 'wxV3Pay';
  const openId = inWechat ? storedOpenId() : null;
  const needsWechatAuthorization = inWechat && !openId;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new order only for another package, method or an explicit retry; `pkg` itself is rebuilt on refetch.
  useEffect(() => {
    if (!pkg || !payType || needsWechatAuthorization) return;
    let current = true;
    setOrder(null);
    setError(null);
    setLoading(true);
    const body = { source, packageId: pkg.id, payPrice: pkg.price, payType, goodsName: pkg.packageName, description: pkg.packageName };
    const created = openId ? createJsApiPay({ ...body, openId }) : place === 'phone' && payType === 'aliPay' ? createAliH5Pay(body) : createQrPay(body);
    created
      .then((next) => current && setOrder(next))
      .catch((e: unknown) => {
        // An openid WeChat no longer takes is asked for again on the next try.
        if (openId) storeOpenId(null);
        if (current) setError(e instanceof Error ? e.message : String(e));
      })
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [pkg?.id, pkg?.price, payType, source, attempt]);

  const polled = Boolean(order && (order.weChatQRCode ?? order.aliPayQRCode ?? order.devPayUrl ?? order.jsApiParams));
  const status = useQuery({
    queryKey: payStatusKey(order?.outTradeNo),
    queryFn: () => fetchPayStatus(order!.outTradeNo),
    enabled: polled,
    refetchInterval: (query) => (query.state.data === 'paid' || query.state.data === 'expired' ? false : PAYMENT.pollMs),
    // The payer is often on another tab or device; the dialog must still notice.
    refetchIntervalInBackground: true,
    gcTime: 0,
  });

  return {
    order,
    loading,
    error,
    needsWechatAuthorization,
    status: polled ? (status.data ?? 'pending') : null,
    retry: () => setAttempt((n) => n + 1),
  };
}
