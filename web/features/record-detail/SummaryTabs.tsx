import { RocketOutlined } from '@ant-design/icons';
import { Card, Result, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';

const SUMMARY_TABS = ['chapters', 'speakers', 'keyPoints', 'mindMap'] as const;

/** The AI summary tabs of spec §1 and §2, in place, saying (like ComingSoon) that a later release fills them. */
export function SummaryTabs() {
  const { t } = useTranslation();
  return (
    <Card className="detail-card detail-summary" size="small" title={t('recordDetail.summary.title')} data-testid="detail-summary">
      <Tabs
        size="small"
        items={SUMMARY_TABS.map((tab) => ({
          key: tab,
          label: t(`recordDetail.summary.${tab}`),
          children: <Result icon={<RocketOutlined />} title={t('common.comingSoon')} subTitle={t('common.featureComingSoon')} />,
        }))}
      />
    </Card>
  );
}
