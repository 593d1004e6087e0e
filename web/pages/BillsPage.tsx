import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CrownOutlined } from '@ant-design/icons';
import { Button, Card, List, Table, Tabs } from 'antd';
import type { PaginationProps, TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAY_CURRENCY, PRICE_CURRENCY } from '../../contracts/pay';
import { PACKAGE_ACCOUNT } from '../../contracts/rights';
import { PageTitle } from '../components/PageTitle';
import { Tag } from '../components/Tag';
import { BILL_URLS, fetchBillPage } from '../features/account/api';
import type { BuyRecord, CostRecord } from '../features/account/api';
import { formatPrice } from '../features/pay/format';
import { usePayDialog } from '../features/pay/store';
import { BILLS_KEY, billPageKey } from '../lib/query-keys';
import { useIsMobile } from '../lib/use-is-mobile';
import './bills.css';

const PAGE_SIZE = 10;
const formatTime = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

/** /user/account "My bills" (spec §2): purchases and transaction records, paged by the server. */
export default function BillsPage() {
  const { t, i18n } = useTranslation();
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
    {
      title: t('bills.amount'),
      dataIndex: 'amountFen',
      align: 'right',
      // In the currency the channel charged (a redeemed card is worth the package's price).
      render: (fen: number, row) => formatPrice(fen / 100, row.payType ? PAY_CURRENCY[row.payType] : PRICE_CURRENCY, i18n.language),
    },
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

/**
 * One page of bills from the server: a table, or on a phone a card per bill (its first column as the heading,
 * the others as labelled lines), so no column is cut off and nothing scrolls sideways.
 */
function BillTable<Row extends { id: number }>({ url, columns }: { url: string; columns: TableColumnsType<Row> }) {
  const { i18n } = useTranslation();
  const isMobile = useIsMobile();
  const [pageNum, setPageNum] = useState(1);
  const page = useQuery({
    queryKey: billPageKey(url, pageNum, i18n.language),
    queryFn: () => fetchBillPage<Row>(url, pageNum, PAGE_SIZE),
    placeholderData: (previous) => previous,
  });
  const pagination = { current: pageNum, pageSize: PAGE_SIZE, total: page.data?.total ?? 0, onChange: setPageNum, showSizeChanger: false };
  if (isMobile) return <BillCards columns={columns} rows={page.data?.rows} loading={page.isFetching} pagination={pagination} />;
  return <Table<Row> rowKey="id" columns={columns} dataSource={page.data?.rows} loading={page.isFetching} pagination={pagination} />;
}

/** What a card reads of a table column: the columns here all name a field and render plain content. */
interface Column<Row> {
  title?: ReactNode;
  dataIndex?: keyof Row & string;
  render?: (value: never, row: Row, index: number) => ReactNode;
}

function BillCards<Row extends { id: number }>({
  columns,
  rows,
  loading,
  pagination,
}: {
  columns: TableColumnsType<Row>;
  rows: Row[] | undefined;
  loading: boolean;
  pagination: PaginationProps;
}) {
  const cell = (column: Column<Row>, row: Row, index: number): ReactNode => {
    const value = column.dataIndex ? row[column.dataIndex] : undefined;
    return column.render ? column.render(value as never, row, index) : (value as ReactNode);
  };
  const [head, ...rest] = columns as unknown as Column<Row>[];
  return (
    <List<Row>
      className="bill-cards"
      loading={loading}
      dataSource={rows}
      pagination={{ ...pagination, align: 'center', size: 'small' }}
      renderItem={(row, index) => (
        <List.Item key={row.id} className="bill-card">
          <div className="bill-card-head">{head && cell(head, row, index)}</div>
          <dl>
            {rest.map((column) => (
              <div key={String(column.dataIndex)}>
                <dt>{column.title}</dt>
                <dd>{cell(column, row, index)}</dd>
              </div>
            ))}
          </dl>
        </List.Item>
      )}
    />
  );
}
