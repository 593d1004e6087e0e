import { LockOutlined, MailOutlined, MobileOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { SendCodeButton } from './SendCodeButton';
import { checkConfirm, checkPassword, checkTarget, required, rule } from './rules';
import type { TargetKind } from './rules';

/** Form fields the sign-in, register, reset and binding forms share, with their rules (spec §5). */

const TARGET_ICON = { email: <MailOutlined />, phone: <MobileOutlined />, any: <UserOutlined /> };

/** An email or phone field and a code field whose button sends the code to it. Field names: target, code. */
export function TargetCodeFields({ kind }: { kind: TargetKind }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<{ target: string }>();
  const getTarget = async () => String((await form.validateFields(['target'])).target).trim();
  const targetLabel = t(`auth.target.${kind}`);
  return (
    <>
      <Form.Item name="target" rules={[rule(t, checkTarget(kind))]} validateTrigger="onBlur">
        <Input
          size="large"
          prefix={TARGET_ICON[kind]}
          placeholder={targetLabel}
          aria-label={targetLabel}
          autoComplete={kind === 'phone' ? 'tel' : 'email'}
          data-testid="target-input"
        />
      </Form.Item>
      <Form.Item required>
        <Space.Compact block>
          <Form.Item name="code" noStyle rules={[rule(t, required('codeRequired'))]}>
            <Input
              size="large"
              prefix={<SafetyOutlined />}
              placeholder={t('auth.code')}
              aria-label={t('auth.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              data-testid="code-input"
            />
          </Form.Item>
          <SendCodeButton getTarget={getTarget} />
        </Space.Compact>
      </Form.Item>
    </>
  );
}

/** A new password and its confirmation, which must match. Field names: `name` and `${name}Confirm`. */
export function NewPasswordFields({ name = 'password', placeholder }: { name?: string; placeholder?: string }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const label = placeholder ?? t('auth.password');
  return (
    <>
      {/* The rule is said once: as a hint under the field, or (when broken) as its error, never both. */}
      <Form.Item noStyle shouldUpdate>
        {() => (
          <Form.Item
            name={name}
            rules={[rule(t, checkPassword)]}
            extra={form.getFieldError(name).length > 0 ? null : <span data-testid="password-rule">{t('validation.passwordFormat')}</span>}
          >
            <Input.Password
              size="large"
              prefix={<LockOutlined />}
              placeholder={label}
              aria-label={label}
              autoComplete="new-password"
              data-testid="password-input"
            />
          </Form.Item>
        )}
      </Form.Item>
      <Form.Item
        name={`${name}Confirm`}
        dependencies={[name]}
        rules={[
          rule(
            t,
            checkConfirm(() => form.getFieldValue(name)),
          ),
        ]}
      >
        <Input.Password
          size="large"
          prefix={<LockOutlined />}
          placeholder={t('auth.confirmPassword')}
          aria-label={t('auth.confirmPassword')}
          autoComplete="new-password"
          data-testid="password-confirm-input"
        />
      </Form.Item>
    </>
  );
}
