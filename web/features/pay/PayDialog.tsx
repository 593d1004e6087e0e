import { CustomerServiceOutlined, DownOutlined, TableOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Dropdown, Modal, Popover, QRCode, Radio, Tabs } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PAYMENT } from '../../../contracts/constants';
import { PAY_CURRENCY } from '../../../contracts/pay';
import type { PayType, QrPayResponse } from '../../../contracts/pay';
import { Skeleton } from '../../components/Skeleton';
import { SkeletonImage } from '../../components/SkeletonImage';
import { UserAvatar } from '../../components/UserAvatar';
import { Empty } from '../../components/Empty';
import { EXTERNAL_LINKS } from '../../lib/links';
import { signInPath } from '../../lib/paths';
import { useSession, useSignedInUser } from '../../lib/session';
import { detectSource } from '../../lib/source';
import { useIsMobile } from '../../lib/use-is-mobile';
import { fetchAccountDetail } from '../account/api';
import { fetchPayMethods, fetchPriceCategories, fetchRightsPicture } from './api';
import { PackageCarousel } from './PackageCarousel';
import { RightsTable } from './RightsTable';
import { fetchWechatAuthorizeUrl } from './api';
import { formatPrice } from './format';
import { payInWechat, storeResume } from './in-app-pay';
import { usePayDialog } from './store';
import { usePayOrder } from './use-pay-order';
import './pay.css';
import { ACCOUNT_DETAIL_KEY, PAY_METHODS_KEY, RIGHTS_PICTURE_KEY, priceCategoriesKey } from '../../lib/query-keys';
import { refreshPermissions } from '../../lib/permissions';
import { useFeedback } from '../../lib/feedback';

/** WeChat first (spec §4 default method), then the others in the server's order. */
const METHOD_ORDER: PayType[] = ['wxV3Pay', 'aliPay', 'paypalV2Pay', 'devPay'];
/** The plugin opens the dialog embedded with this source: no close button, PayPal in a new window. */
const EMBEDDED_SOURCE = 'browser_plugin_media';

/**
 * The pay dialog (spec §2, §4): categories as tabs, the selected tab's packages in a carousel, the method,
 * the payment's QR code and the price. Paying closes it with the paid event; closing it by hand emits
 * unpaid and resets the tab. Mounted on open by PayDialogHost.
 */
export default function PayDialog() {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const { tabIndex, packageType, events, setTabIndex, close } = usePayDialog();
  const search = window.location.search;
  const embedded = new URLSearchParams(search).get('source') === EMBEDDED_SOURCE;

  const categories = useQuery({ queryKey: priceCategoriesKey(i18n.language), queryFn: fetchPriceCategories });
  const methods = useQuery({ queryKey: PAY_METHODS_KEY, queryFn: fetchPayMethods });
  const picture = useQuery({ queryKey: RIGHTS_PICTURE_KEY, queryFn: fetchRightsPicture });
  const list = categories.data ?? [];
  const requested = packageType ? list.findIndex((c) => c.packageType === packageType) : -1;
  const activeIndex = requested >= 0 ? requested : Math.min(tabIndex, Math.max(0, list.length - 1));
  const category = list[activeIndex];

  const [packageId, setPackageId] = useState<number | null>(() => usePayDialog.getState().packageId);
  const pkg = category?.packageList.find((p) => p.id === packageId) ?? category?.packageList[0];
  const offered = METHOD_ORDER.filter((m) => methods.data?.includes(m));
  const [chosenMethod, setChosenMethod] = useState<PayType | null>(null);
  const payType = chosenMethod && offered.includes(chosenMethod) ? chosenMethod : offered[0];
  const pay = usePayOrder(pkg, payType, detectSource(search));

  // Leaving the dialog, however it ends, shows fresh balances in the header.
  useEffect(() => () => void queryClient.invalidateQueries({ queryKey: ACCOUNT_DETAIL_KEY }), [queryClient]);

  const paidOnce = useRef(false);
  useEffect(() => {
    if (pay.status !== 'paid' || paidOnce.current) return;
    paidOnce.current = true;
    void message.success(t('pay.success'));
    void refreshPermissions();
    events.onPaid?.();
    close(false);
  }, [pay.status, events, close, message, t]);

  useEffect(() => {
    const url = pay.order?.payPalPayHtml;
    if (!url) return;
    if (embedded) {
      window.open(url, '_blank', 'noopener');
      events.onPayInProgress?.();
      close(false);
    } else {
      window.location.assign(url);
    }
  }, [pay.order, embedded, events, close]);

  // Inside WeChat: its payment sheet takes the order; the status poll still decides when it is paid.
  useEffect(() => {
    const params = pay.order?.jsApiParams;
    if (!params) return;
    void payInWechat(params).then((outcome) => {
      if (outcome === 'fail') void message.error(t('pay.wechatFailed'));
    });
  }, [pay.order, message, t]);

  // On a phone: Alipay's page takes the payer into the Alipay app, which brings them back to their bills.
  useEffect(() => {
    const url = pay.order?.aliPayH5Url;
    if (url) window.location.assign(url);
  }, [pay.order]);

  /** WeChat tells who is paying on its authorisation page, then brings the payer back here to pay. */
  const authorizeWechat = async () => {
    if (!pkg) return;
    storeResume({ tabIndex: activeIndex, packageId: pkg.id });
    window.location.assign(await fetchWechatAuthorizeUrl(window.location.href));
  };

  const cancel = () => {
    events.onUnpaid?.();
    close(true);
  };

  // A guest account lives in this browser only: buying is their moment to sign up first (issue 29).
  const guest = useSession((s) => s.userInfo?.visitor === true);
  const navigate = useNavigate();
  const location = useLocation();
  const signUp = () => {
    cancel();
    navigate(signInPath(`${location.pathname}${location.search}`));
  };
  const [comparing, setComparing] = useState(false);

  return (
    <Modal
      open
      width={isMobile ? '100%' : PAYMENT.dialogWidth}
      style={isMobile ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : undefined}
      closable={!embedded}
      maskClosable={false}
      keyboard={false}
      footer={null}
      onCancel={cancel}
      // Above the upload dialog that may have opened it.
      zIndex={1100}
      className="pay-dialog"
      title={<PayHeader />}
    >
      <div className="pay-body" data-testid="pay-dialog">
        {categories.isPending ? (
          <Skeleton paragraph={{ rows: 8 }} />
        ) : list.length === 0 ? (
          <Empty description={t('pay.noPackages')} />
        ) : (
          <>
            {guest && <GuestNotice onSignUp={signUp} />}
            <CategoryPicker
              labels={list.map((c) => ({ packageType: c.packageType, desc: c.desc }))}
              active={activeIndex}
              onChange={(index) => {
                setTabIndex(index);
                setPackageId(null);
              }}
              extra={
                <Button type="link" icon={<TableOutlined />} onClick={() => setComparing(true)} data-testid="pay-compare">
                  {t('pay.compare')}
                </Button>
              }
            />
            {comparing && (
              <Modal open zIndex={1200} width={isMobile ? '100%' : 760} footer={null} title={t('pay.compare')} onCancel={() => setComparing(false)}>
                {picture.data && <img className="pay-rights-picture" src={picture.data} alt={t('pay.compare')} />}
                <RightsTable />
              </Modal>
            )}
            <div className="pay-columns">
              <aside className="pay-equity" data-testid="pay-equity">
                <h3>{category?.desc}</h3>
                <p className="pay-equity-remark">{category?.remark}</p>
                <ul>
                  {(pkg?.rights ?? []).map((right) => (
                    <li key={right}>{right}</li>
                  ))}
                </ul>
              </aside>
              <section className="pay-main">
                {category && category.packageList.length > 0 ? (
                  <PackageCarousel
                    packages={category.packageList}
                    selectedId={pkg?.id}
                    phone={isMobile}
                    // Spec §4: package changes are ignored while a payment is being requested.
                    onSelect={(id) => !pay.loading && setPackageId(id)}
                  />
                ) : (
                  <Empty description={t('pay.noPackages')} />
                )}
                <div className="pay-checkout">
                  <div className="pay-methods">
                    <span className="pay-label">{t('pay.method')}</span>
                    {offered.length > 0 ? (
                      <Radio.Group value={payType} onChange={(e) => setChosenMethod(e.target.value as PayType)} optionType="button" buttonStyle="solid">
                        {offered.map((m) => (
                          <Radio.Button key={m} value={m} data-testid={`pay-method-${m}`}>
                            {t(`pay.methods.${m}`)}
                          </Radio.Button>
                        ))}
                      </Radio.Group>
                    ) : (
                      !methods.isPending && <Alert type="warning" showIcon message={t('pay.noMethods')} />
                    )}
                  </div>
                  {payType && pkg && (
                    <div className="pay-checkout-row">
                      <PayArea
                        payType={payType}
                        order={pay.order}
                        loading={pay.loading}
                        error={pay.error}
                        expired={pay.status === 'expired'}
                        onRetry={pay.retry}
                        onAuthorizeWechat={pay.needsWechatAuthorization ? () => void authorizeWechat() : null}
                      />
                      <div className="pay-summary">
                        <div className="pay-price" data-testid="pay-price">
                          <span>{t('pay.amount')}</span>
                          <strong data-currency={PAY_CURRENCY[payType]}>{formatPrice(pkg.price, PAY_CURRENCY[payType], i18n.language)}</strong>
                        </div>
                        <p className="pay-instructions">{t(`pay.instructions.${payType}`)}</p>
                        <p className="pay-terms">{t('pay.terms')}</p>
                      </div>
                    </div>
                  )}
                </div>
              </section>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}

/** Spec §2's package category tabs; on a phone a grid of buttons, so every category's name fits. */
function CategoryPicker({
  labels,
  active,
  onChange,
  extra,
}: {
  labels: { packageType: string; desc: string }[];
  active: number;
  onChange: (index: number) => void;
  extra: ReactNode;
}) {
  const isMobile = useIsMobile();
  const label = (c: (typeof labels)[number]) => <span data-testid={`pay-tab-${c.packageType}`}>{c.desc}</span>;
  if (!isMobile) {
    return (
      <Tabs
        activeKey={String(active)}
        onChange={(key) => onChange(Number(key))}
        tabBarExtraContent={extra}
        items={labels.map((c, i) => ({ key: String(i), label: label(c) }))}
      />
    );
  }
  return (
    <div className="pay-categories">
      <Radio.Group className="button-grid" value={active} onChange={(e) => onChange(Number(e.target.value))} optionType="button" buttonStyle="solid">
        {labels.map((c, i) => (
          <Radio.Button key={c.packageType} value={i}>
            {label(c)}
          </Radio.Button>
        ))}
      </Radio.Group>
      {extra}
    </div>
  );
}

/** What a guest account keeps, and the way to an account of their own before paying. */
function GuestNotice({ onSignUp }: { onSignUp: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      className="pay-guest"
      type="warning"
      showIcon
      data-testid="pay-guest-notice"
      message={t('pay.guest.title')}
      description={t('pay.guest.body')}
      action={
        <Button type="primary" size="small" onClick={onSignUp} data-testid="pay-guest-sign-up">
          {t('pay.guest.signUp')}
        </Button>
      }
    />
  );
}

interface PayAreaProps {
  payType: PayType;
  order: QrPayResponse | null;
  loading: boolean;
  error: string | null;
  expired: boolean;
  onRetry: () => void;
  /** Inside WeChat before it has said who is paying: the way to its authorisation page. */
  onAuthorizeWechat: (() => void) | null;
}

/**
 * The 212×205 payment area: the QR code (high error correction), or, when paying on this device, WeChat's
 * payment sheet, Alipay's or PayPal's hand-over; or what went wrong.
 */
function PayArea({ payType, order, loading, error, expired, onRetry, onAuthorizeWechat }: PayAreaProps) {
  const { t } = useTranslation();
  if (onAuthorizeWechat) {
    return (
      <div className="pay-qr pay-in-app" data-testid="pay-wechat-authorize">
        <Button type="primary" onClick={onAuthorizeWechat}>
          {t('pay.wechatContinue')}
        </Button>
        <p>{t('pay.wechatContinueHint')}</p>
      </div>
    );
  }
  if (error) {
    return (
      <div className="pay-qr pay-qr-error" data-testid="pay-error">
        <p>{error}</p>
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (payType === 'paypalV2Pay' || order?.aliPayH5Url) {
    const going = t(payType === 'paypalV2Pay' ? 'pay.paypalRedirect' : 'pay.alipayRedirect');
    return <div className="pay-qr">{loading ? <SkeletonImage /> : <p>{going}</p>}</div>;
  }
  if (order?.jsApiParams) {
    return (
      <div className="pay-qr pay-in-app" data-testid="pay-wechat-in-app">
        <p>{t('pay.wechatInApp')}</p>
        <Button onClick={onRetry}>{t('pay.payAgain')}</Button>
      </div>
    );
  }
  const code = order?.weChatQRCode ?? order?.aliPayQRCode ?? order?.devPayUrl ?? '';
  return (
    <div className="pay-qr-column">
      <div className="pay-qr" data-testid="pay-qr" data-value={code}>
        <QRCode
          value={code || '-'}
          errorLevel="H"
          size={200}
          bordered={false}
          status={loading || !code ? 'loading' : expired ? 'expired' : 'active'}
          onRefresh={onRetry}
        />
      </div>
      {order?.devPayUrl && (
        <a href={order.devPayUrl} target="_blank" rel="noreferrer" data-testid="dev-pay-link">
          {t('pay.devOpen')}
        </a>
      )}
    </div>
  );
}

/** The dialog's title bar: who is buying, their balances on hover, and customer service. */
function PayHeader() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const accounts = useQuery({ queryKey: ACCOUNT_DETAIL_KEY, queryFn: fetchAccountDetail, enabled: Boolean(user) });
  return (
    <div className="pay-header">
      {user && (
        <span className="pay-user">
          <UserAvatar user={user} size={32} />
          <span className="pay-user-name">{user.name}</span>
        </span>
      )}
      <Dropdown
        trigger={['hover', 'click']}
        menu={{
          items: (accounts.data ?? []).map((a) => ({ key: a.accountType, label: `${a.accountTypeName}: ${a.remarkString}` })),
        }}
      >
        <Button type="text" size="small" data-testid="pay-balances">
          {t('pay.balances')} <DownOutlined />
        </Button>
      </Dropdown>
      <Popover
        trigger={['hover', 'click']}
        content={
          <div className="pay-service" data-testid="pay-service">
            {EXTERNAL_LINKS.helpCenter && <QRCode value={EXTERNAL_LINKS.helpCenter} size={120} bordered={false} />}
            <p>{t('pay.serviceText')}</p>
            {EXTERNAL_LINKS.helpCenter && (
              <a href={EXTERNAL_LINKS.helpCenter} target="_blank" rel="noreferrer">
                {t('nav.helpCenter')}
              </a>
            )}
          </div>
        }
      >
        <Button type="text" size="small" icon={<CustomerServiceOutlined />}>
          {t('pay.service')}
        </Button>
      </Popover>
    </div>
  );
}
