import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { DAILY_LIMIT_SECONDS, DEFAULT_PERMISSIONS, SVIP_PERMISSIONS } from '../../../contracts/rights';
import { useIsMobile } from '../../lib/use-is-mobile';

const h = (seconds: number) => Math.round(seconds / 3600);

/**
 * The all-equity comparison of spec §6 (duration, VIP, SVIP), from the same constants the server enforces.
 * On a phone each feature is a card of its own with the three plans side by side, so nothing scrolls sideways.
 */
export function RightsTable() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const yes = t('pay.table.yes');
  const no = t('pay.table.no');
  const rows = [
    {
      key: 'realtime',
      feature: t('pay.table.realtime'),
      duration: t('pay.table.asPurchased'),
      vip: t('pay.table.hoursDaily', { hours: h(DAILY_LIMIT_SECONDS.realtime.vip) }),
      svip: t('pay.table.hoursDaily', { hours: h(DAILY_LIMIT_SECONDS.realtime.svip) }),
    },
    {
      key: 'upload',
      feature: t('pay.table.upload'),
      duration: t('pay.table.asPurchased'),
      vip: t('pay.table.hoursDaily', { hours: h(DAILY_LIMIT_SECONDS.upload.vip) }),
      svip: t('pay.table.hoursDaily', { hours: h(DAILY_LIMIT_SECONDS.upload.svip) }),
    },
    {
      key: 'recognition',
      feature: t('pay.table.recognition'),
      duration: DEFAULT_PERMISSIONS.recognitionCount,
      vip: DEFAULT_PERMISSIONS.recognitionCount,
      svip: SVIP_PERMISSIONS.recognitionCount,
    },
    {
      key: 'translation',
      feature: t('pay.table.translation'),
      duration: DEFAULT_PERMISSIONS.translateCount,
      vip: DEFAULT_PERMISSIONS.translateCount,
      svip: SVIP_PERMISSIONS.translateCount,
    },
    { key: 'subtitles', feature: t('pay.table.subtitles'), duration: t('pay.table.limited'), vip: t('pay.table.unlimited'), svip: t('pay.table.unlimited') },
    { key: 'vocabulary', feature: t('pay.table.vocabulary'), duration: no, vip: no, svip: yes },
  ];
  const plans = [
    { title: t('header.accountItems.duration'), dataIndex: 'duration' },
    { title: t('header.accountItems.vip'), dataIndex: 'vip' },
    { title: t('header.accountItems.svip'), dataIndex: 'svip' },
  ] as const;
  if (isMobile)
    return (
      <div className="pay-rights-cards" data-testid="pay-rights-table">
        {rows.map((row) => (
          <section key={row.key} className="pay-rights-card">
            <h4>{row.feature}</h4>
            <dl>
              {plans.map((plan) => (
                <div key={plan.dataIndex}>
                  <dt>{plan.title}</dt>
                  <dd>{row[plan.dataIndex]}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    );
  return (
    <Table
      size="small"
      pagination={false}
      dataSource={rows}
      columns={[{ title: t('pay.table.feature'), dataIndex: 'feature' }, ...plans.map((plan) => ({ ...plan, align: 'center' as const }))]}
      data-testid="pay-rights-table"
    />
  );
}
