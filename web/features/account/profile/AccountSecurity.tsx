import { LockOutlined, MailOutlined, MobileOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { LoginOptions } from '../../../../contracts/auth';
import { PATHS } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import type { UserInfo } from '../../../lib/session';
import { NewPasswordFields, TargetCodeFields } from '../../auth/fields';
import { required, rule } from '../../auth/rules';
import { bindAccount, changePassword } from '../api';
import { useFeedback } from '../../../lib/feedback';

type BindKind = 'email' | 'phone';

/** Password and the bound email and phone (spec §2 account security, §5 rules). */
export function AccountSecurity({ user, options }: { user: UserInfo; options: LoginOptions }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [binding, setBinding] = useState<BindKind | null>(null);
  const available: Record<BindKind, boolean> = { email: options.emailCode, phone: options.smsCode };
  const bound: Record<BindKind, string | null> = { email: user.email, phone: user.phone };

  return (
    <Card title={t('profile.security')} variant="borderless" className="section-card" data-testid="profile-security">
      <SecurityRow
        icon={<LockOutlined />}
        label={t('auth.password')}
        value={user.hasPassword ? '••••••••' : t('profile.notSet')}
        action={
          // Without a password there is no old one to give: the reset flow sets it through a code instead.
          user.hasPassword ? (
            <Button onClick={() => setPasswordOpen(true)} data-testid="change-password">
              {t('profile.changePassword')}
            </Button>
          ) : (
            <Button onClick={() => void navigate(PATHS.resetPassword)}>{t('profile.setPassword')}</Button>
          )
        }
      />
      {(['email', 'phone'] as const).map((kind) => (
        <SecurityRow
          key={kind}
          icon={kind === 'email' ? <MailOutlined /> : <MobileOutlined />}
          label={t(`profile.${kind}`)}
          value={bound[kind] ?? t('profile.notBound')}
          action={
            available[kind] && (
              <Button onClick={() => setBinding(kind)} data-testid={`bind-${kind}`}>
                {t(bound[kind] ? 'profile.change' : 'profile.bind')}
              </Button>
            )
          }
        />
      ))}
      <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      {binding && <BindDialog kind={binding} onClose={() => setBinding(null)} />}
    </Card>
  );
}

/** One setting: its icon, name and current value, and what can be done about it. */
export function SecurityRow({ icon, label, value, action }: { icon: ReactNode; label: string; value: ReactNode; action: ReactNode }) {
  return (
    <div className="security-row">
      <span className="security-icon">{icon}</span>
      <div className="security-text">
        <span className="security-label">{label}</span>
        <span className="security-value">{value}</span>
      </div>
      {action}
    </div>
  );
}

interface PasswordChange {
  oldPassword: string;
  newPassword: string;
}

function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<PasswordChange>();
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      void message.success(t('profile.passwordChanged'));
      form.resetFields();
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('profile.changePassword')}
      okText={t('common.save')}
      onOk={() => form.submit()}
      confirmLoading={change.isPending}
      width={420}
      forceRender
    >
      <Form form={form} size="large" requiredMark={false} onFinish={({ oldPassword, newPassword }) => change.mutate({ oldPassword, newPassword })}>
        <Form.Item name="oldPassword" rules={[rule(t, required('oldPasswordRequired'))]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('profile.oldPassword')}
            aria-label={t('profile.oldPassword')}
            autoComplete="current-password"
          />
        </Form.Item>
        <NewPasswordFields name="newPassword" placeholder={t('auth.newPassword')} />
      </Form>
    </Modal>
  );
}

/** Binds (or changes) the email or phone after proving it with a code sent there. */
function BindDialog({ kind, onClose }: { kind: BindKind; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<{ target: string; code: string }>();
  const setUserInfo = useSession((s) => s.setUserInfo);
  const bind = useMutation({
    mutationFn: bindAccount,
    onSuccess: (info) => {
      setUserInfo(info);
      void message.success(t('profile.bindDone'));
      onClose();
    },
  });
  return (
    <Modal
      open
      onCancel={onClose}
      title={t(kind === 'email' ? 'profile.bindEmail' : 'profile.bindPhone')}
      okText={t('profile.bind')}
      onOk={() => form.submit()}
      confirmLoading={bind.isPending}
      width={420}
    >
      <Form form={form} size="large" requiredMark={false} onFinish={({ target, code }) => bind.mutate({ target: target.trim(), code: code.trim() })}>
        <TargetCodeFields kind={kind} />
      </Form>
    </Modal>
  );
}
