import { useMutation } from '@tanstack/react-query';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AuthCard } from '../features/auth/AuthCard';
import { loginByCode } from '../features/auth/api';
import { NewPasswordFields, TargetCodeFields } from '../features/auth/fields';
import { targetKind } from '../features/auth/rules';
import { LoginOptionsGate } from '../features/auth/LoginOptionsGate';
import { useCompleteSignIn, useSource } from '../features/auth/use-sign-in';
import { PATHS } from '../lib/paths';

interface RegisterForm {
  target: string;
  code: string;
  password: string;
}

/** /register: a code proves the address, the password is set with it, and the new account is signed in. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const source = useSource();
  const complete = useCompleteSignIn();
  const register = useMutation({ mutationFn: loginByCode, onSuccess: complete });

  return (
    <AuthCard
      footer={
        <>
          {t('auth.haveAccount')}
          <Link to={PATHS.login + search}>{t('auth.toLogin')}</Link>
        </>
      }
    >
      <p className="auth-lead">{t('auth.registerLead')}</p>
      <LoginOptionsGate>
        {(options) => (
          <Form<RegisterForm>
            size="large"
            requiredMark={false}
            onFinish={({ target, code, password }) => register.mutate({ target: target.trim(), code: code.trim(), password, source })}
          >
            <TargetCodeFields kind={targetKind(options)} />
            <NewPasswordFields />
            <Button type="primary" htmlType="submit" block loading={register.isPending} data-testid="register-submit">
              {t('auth.register')}
            </Button>
          </Form>
        )}
      </LoginOptionsGate>
    </AuthCard>
  );
}
