import { CopyOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../lib/feedback';

/** A link to hand out: read-only, selected on focus, with a copy button (the share dialog's wording). */
export function CopyLink({ link, testId }: { link: string; testId: string }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      void message.success(t('share.linkCopied'));
    } catch {
      void message.error(t('share.copyFailed'));
    }
  };
  return (
    <Space.Compact block>
      <Input readOnly value={link} onFocus={(event) => event.target.select()} data-testid={testId} />
      <Button icon={<CopyOutlined />} onClick={() => void copy()} aria-label={t('share.copyLink')} data-testid={`${testId}-copy`} />
    </Space.Compact>
  );
}
