import { GlobalOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES, isLocale } from '../../contracts/locale';
import { currentLocale, setLocale } from '../i18n';
import { LOCALE_LABELS } from '../i18n/ui-locales';
import { MenuDropdown } from './MenuDropdown';

/**
 * Language switch. Test hooks: click `[data-testid=lang-picker]`, then `[data-testid=lang-option-zh-TW]`
 * (or zh-CN / en-US).
 */
export function LanguagePicker({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <MenuDropdown
      placement="bottomRight"
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: LOCALES.map((l) => ({
          key: l,
          label: <span data-testid={`lang-option-${l}`}>{LOCALE_LABELS[l]}</span>,
        })),
        onClick: ({ key }) => {
          if (isLocale(key)) void setLocale(key);
        },
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} data-testid="lang-picker" aria-label={t('header.language')}>
        {compact ? null : LOCALE_LABELS[locale]}
      </Button>
    </MenuDropdown>
  );
}
