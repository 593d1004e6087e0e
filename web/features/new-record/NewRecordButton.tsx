import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { MenuDropdown } from '../../components/MenuDropdown';
import { useNewRecordActions } from './use-new-record-actions';

/** The New record menu (transcribe a file, start a meeting, dub a video); large on the home page, middle beside a list's title. */
export function NewRecordButton({ size = 'large' }: { size?: 'large' | 'middle' }) {
  const { t } = useTranslation();
  const actions = useNewRecordActions();
  return (
    <MenuDropdown
      placement="bottomRight"
      menu={{
        items: actions.map((a) => ({ key: a.key, icon: a.icon, label: a.label })),
        onClick: ({ key }) => actions.find((a) => a.key === key)?.run(),
      }}
    >
      <Button type="primary" size={size} icon={<PlusOutlined />} data-testid="new-record-button">
        {t('newRecord.button')}
      </Button>
    </MenuDropdown>
  );
}
