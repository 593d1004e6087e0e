import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CrownOutlined } from '@ant-design/icons';
import { Button, Card, Table, Tabs, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT } from '../../contracts/constants';
import { PACKAGE_ACCOUNT } from '../../contracts/rights';
import { PageTitle } from '../components/PageTitle';
import { BILL_URLS, fetchBillPage } from '../features/account/api';
import type { BuyRecord, CostRecord } from '../features/account/api';
import { usePayDialog } from '../features/pay/store';
import { BILLS_KEY, billPageKey } from '../lib/query-keys';
import { useIsMobile } from '../lib/use-is-mobile';

const PAGE_SIZE = 10;
const formatTime = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

/** /user/account "My bills" (spec §2): purchases and transaction records, paged by the server. */
export default function BillsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const openPay = usePayDialog((s) => s.open);
  // A purchase made here shows up in the list at once.
  const buy = () => openPay({ onPaid: () => void queryClient.invalidateQueries({ queryKey: BILLS_KEY }) });
  const isMobile = useIsMobile();
  const buyButton = (
    <Button type="primary" block={isMobile} icon={<CrownOutlined />} onClick={buy} data-testid="bills-buy">
      {t('pay.buy')}
    </Button>
  );

  const purchases: TableColumnsType<BuyRecord> = [
    { title: t('bills.package'), dataIndex: 'packageName', render: (name: string | null) => name ?? '—' },
    {
      title: t('bills.kind'),
      dataIndex: 'packageType',
      render: (type: BuyRecord['packageType']) => (type ? t(`header.accountItems.${PACKAGE_ACCOUNT[type]}`) : '—'),
    },
    {
      title: t('bills.channel'),
      dataIndex: 'channel',
      // A payment names its method (WeChat Pay, Alipay, PayPal), a redemption the card code.
      render: (channel: BuyRecord['channel'], row) => (
        <Tag data-testid="bill-channel">{channel === 'card' ? t('bills.channels.card') : row.payType ? t(`pay.methods.${row.payType}`) : '—'}</Tag>
      ),
    },
    { title: t('bills.amount'), dataIndex: 'amountFen', align: 'right', render: (fen: number) => `${PAYMENT.currency}${(fen / 100).toFixed(2)}` },
    { title: t('bills.time'), dataIndex: 'createdAt', render: formatTime },
  ];
  const transactions: TableColumnsType<CostRecord> = [
    { title: t('bills.feature'), dataIndex: 'feature', render: (feature: string) => (isOneOf(FEATURES, feature) ? t(`bills.features.${feature}`) : feature) },
    { title: t('bills.minutes'), dataIndex: 'seconds', align: 'right', render: (seconds: number) => Math.ceil(seconds / 60) },
    { title: t('bills.account'), dataIndex: 'accountType', render: (type: string) => (isOneOf(ACCOUNTS, type) ? t(`header.accountItems.${type}`) : type) },
    { title: t('bills.time'), dataIndex: 'createdAt', render: formatTime },
  ];

  return (
    <div className="page">
      <PageTitle>{t('pages.account')}</PageTitle>
      <Card variant="borderless" className="section-card">
        {/* On a phone the button takes its own row, so both tabs keep their whole names. */}
        {isMobile && buyButton}
        <Tabs
          tabBarExtraContent={isMobile ? undefined : buyButton}
          items={[
            { key: 'purchases', label: t('bills.purchases'), children: <BillTable url={BILL_URLS.purchases} columns={purchases} /> },
            { key: 'transactions', label: t('bills.transactions'), children: <BillTable url={BILL_URLS.transactions} columns={transactions} /> },
          ]}
        />
      </Card>
    </div>
  );
}

const FEATURES = ['realtime', 'upload', 'dubbing', 'subtitles'] as const;
const ACCOUNTS = ['vip', 'svip', 'duration', 'dubbing'] as const;
const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

function BillTable<Row extends { id: number }>({ url, columns }: { url: string; columns: TableColumnsType<Row> }) {
  const { i18n } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const page = useQuery({
    queryKey: billPageKey(url, pageNum, i18n.language),
    queryFn: () => fetchBillPage<Row>(url, pageNum, PAGE_SIZE),
    placeholderData: (previous) => previous,
  });
  return (
    <Table<Row>
      rowKey="id"
      columns={columns}
      dataSource={page.data?.rows}
      loading={page.isFetching}
      scroll={{ x: 'max-content' }}
      pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: page.data?.total ?? 0, onChange: setPageNum, showSizeChanger: false }}
    />
  );
}
