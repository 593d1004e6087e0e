import { DurableObject } from 'cloudflare:workers';
import { PAY, type PayOrderStatus, type PayType } from '../contracts/pay';
import { database } from '../worker/db/client';
import { payProvider } from '../worker/services/payments';
import { creditOrder, expireOrder, type SettleResult } from '../worker/services/payments/orders';
import type { ConfirmedPayment } from '../worker/services/payments/provider';

export interface OrderState {
  outTradeNo: string;
  userId: number;
  packageId: number;
  amountFen: number;
  payType: PayType;
  expiresAt: number;
  status: PayOrderStatus;
}

/**
 * PaymentOrder — one per pay order, named by its outTradeNo. Its duties: hold the order's state; settle
 * it at most once, whichever comes first of the provider's signed notification and its own poll of the
 * provider (every settlement runs one at a time); poll a provider that can be asked, on its alarm; and
 * expire the order when its time is up, after one last question to the provider.
 */
export class PaymentOrder extends DurableObject<Env> {
  async open(order: Omit<OrderState, 'status'>) {
    if (await this.ctx.storage.get<OrderState>('order')) return;
    await this.ctx.storage.put<OrderState>('order', { ...order, status: 'pending' });
    await this.ctx.storage.setAlarm(this.nextAlarm(order, Date.now()));
  }

  async state(): Promise<OrderState | null> {
    return (await this.ctx.storage.get<OrderState>('order')) ?? null;
  }

  settle(payment: ConfirmedPayment): Promise<SettleResult> {
    // D1 calls let other events in; blocking keeps one settlement at a time, so a poll and a burst of
    // notifications see each other's outcome instead of racing (D1's claim guards it a second time).
    return this.ctx.blockConcurrencyWhile(async () => {
      const order = await this.state();
      if (!order || payment.outTradeNo !== order.outTradeNo) return 'unknown';
      const result = await creditOrder(this.env.DB, database(this.env.DB), payment, Date.now());
      if (result === 'credited' || result === 'duplicate') {
        await this.ctx.storage.put<OrderState>('order', { ...order, status: 'paid' });
        await this.ctx.storage.deleteAlarm();
      }
      return result;
    });
  }

  override async alarm() {
    const order = await this.state();
    if (order?.status !== 'pending') return;
    const provider = payProvider(this.env, order.payType);
    const paid = provider?.query ? await provider.query(order.outTradeNo).catch(() => null) : null;
    if (paid) {
      await this.settle(paid);
      return;
    }
    if (Date.now() >= order.expiresAt) {
      await this.ctx.blockConcurrencyWhile(async () => {
        const current = await this.state();
        if (current?.status !== 'pending') return;
        await this.ctx.storage.put<OrderState>('order', { ...current, status: 'expired' });
        await expireOrder(this.env.DB, current.outTradeNo);
      });
      return;
    }
    await this.ctx.storage.setAlarm(this.nextAlarm(order, Date.now()));
  }

  /** A provider that can be asked is polled until expiry; one that cannot only needs the expiry alarm. */
  private nextAlarm(order: Omit<OrderState, 'status'>, now: number) {
    return payProvider(this.env, order.payType)?.query ? Math.min(now + PAY.providerPollMs, order.expiresAt) : order.expiresAt;
  }
}
