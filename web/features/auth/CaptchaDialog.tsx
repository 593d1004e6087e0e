import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ClickCaptcha } from './ClickCaptcha';

/** The click captcha in its dialog: the step between valid credentials and the password login call. */
export default function CaptchaDialog({ open, onCancel, onPass }: { open: boolean; onCancel: () => void; onPass: (pass: string) => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('captcha.title')} footer={null} width={360} onCancel={onCancel} destroyOnHidden centered>
      <ClickCaptcha onPass={onPass} />
    </Modal>
  );
}
