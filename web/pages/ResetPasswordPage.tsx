import { useMutation } from '@tanstack/react-query';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../features/auth/AuthCard';
import { resetPassword } from '../features/auth/api';
import { NewPasswordFields, TargetCodeFields } from '../features/auth/fields';
import { targetKind } from '../features/auth/rules';
import { LoginOptionsGate } from '../features/auth/LoginOptionsGate';
import { PATHS } from '../lib/paths';
import { useFeedback } from '../lib/feedback';

interface ResetForm {
  target: string;
  code: string;
  password: string;
}

/** /resetPassword: a code proves the address, the new password replaces the old, then back to /login. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const { search } = useLocation();
  const reset = useMutation({
    mutationFn: resetPassword,
    onSuccess: () => {
      void message.success(t('auth.resetDone'));
      void navigate(PATHS.login + search, { replace: true });
    },
  });

  return (
    <AuthCard
      footer={
        <>
          {t('auth.rememberPassword')}
          <Link to={PATHS.login + search}>{t('auth.toLogin')}</Link>
        </>
      }
    >
      <p className="auth-lead">{t('auth.resetLead')}</p>
      <LoginOptionsGate>
        {(options) => (
          <Form<ResetForm>
            size="large"
            requiredMark={false}
            onFinish={({ target, code, password }) => reset.mutate({ target: target.trim(), code: code.trim(), password })}
          >
            <TargetCodeFields kind={targetKind(options)} />
            <NewPasswordFields placeholder={t('auth.newPassword')} />
            <Button type="primary" htmlType="submit" block loading={reset.isPending} data-testid="reset-submit">
              {t('auth.resetSubmit')}
            </Button>
          </Form>
        )}
      </LoginOptionsGate>
    </AuthCard>
  );
}
