import { useMutation } from '@tanstack/react-query';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LoginOptions } from '../../../contracts/auth';
import { loginByCode } from './api';
import { TargetCodeFields } from './fields';
import { targetKind } from './rules';
import { useCompleteSignIn, useSource } from './use-sign-in';

/** Email or phone and a code: signs in, creating the account on first use (spec §7). */
export default function CodeLogin({ options }: { options: LoginOptions }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ target: string; code: string }>();
  const source = useSource();
  const complete = useCompleteSignIn();
  const login = useMutation({ mutationFn: loginByCode, onSuccess: complete });

  return (
    <Form form={form} size="large" requiredMark={false} onFinish={({ target, code }) => login.mutate({ target: target.trim(), code: code.trim(), source })}>
      <TargetCodeFields kind={targetKind(options)} />
      <Button type="primary" htmlType="submit" block loading={login.isPending} className="auth-submit" data-testid="code-login-submit">
        {t('auth.login')}
      </Button>
    </Form>
  );
}
