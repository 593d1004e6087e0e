import { GoogleOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Divider, Form, Input, Modal, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { LoginOptions } from '../../contracts/auth';
import { AuthCard } from '../features/auth/AuthCard';
import { ClickCaptcha } from '../features/auth/ClickCaptcha';
import { TurnstileWidget } from '../features/auth/TurnstileWidget';
import { WechatLogin } from '../features/auth/WechatLogin';
import { loginByCode, loginByPassword } from '../features/auth/api';
import { TargetCodeFields } from '../features/auth/fields';
import { required, rule, targetKind } from '../features/auth/rules';
import { LoginOptionsGate } from '../features/auth/LoginOptionsGate';
import { startGoogle } from '../features/auth/google-flow';
import { useCompleteSignIn, useSource } from '../features/auth/use-sign-in';
import { PATHS } from '../lib/paths';

/** /login and /userLogin (spec §2): WeChat scan, password, verification code and Google; methods the server lacks are hidden. */
export default function LoginPage() {
  const { t } = useTranslation();
  const { search } = useLocation();

  return (
    <AuthCard
      footer={
        <>
          {t('auth.noAccount')}
          <Link to={PATHS.register + search} data-testid="to-register">
            {t('auth.toRegister')}
          </Link>
        </>
      }
    >
      <LoginOptionsGate>
        {(options) => (
          <>
            <LoginMethods options={options} />
            {options.google && <GoogleButton />}
          </>
        )}
      </LoginOptionsGate>
    </AuthCard>
  );
}

type Method = 'wechat' | 'password' | 'code';

/**
 * The sign-in methods the server offers, one shown at a time. A segmented switch rather than antd's Tabs,
 * whose overflow menu and its popup engine (about 30 KB gzip) would weigh on the page most visitors see first.
 */
function LoginMethods({ options }: { options: LoginOptions }) {
  const { t } = useTranslation();
  const methods: { value: Method; label: string }[] = [
    ...(options.wechat ? [{ value: 'wechat' as const, label: t('social.wechatTab') }] : []),
    { value: 'password', label: t('auth.tabPassword') },
    ...(options.emailCode || options.smsCode ? [{ value: 'code' as const, label: t('auth.tabCode') }] : []),
  ];
  const [active, setActive] = useState<Method>(methods[0]!.value);
  return (
    <>
      <Segmented<Method>
        block
        className="auth-methods"
        value={active}
        onChange={setActive}
        options={methods.map(({ value, label }) => ({ value, label: <span data-testid={`tab-${value}`}>{label}</span> }))}
      />
      {/* The scan code is fetched and polled only while its method is the one shown. */}
      {active === 'wechat' && <WechatLogin options={options} />}
      {active === 'password' && <PasswordLogin options={options} />}
      {active === 'code' && <CodeLogin options={options} />}
    </>
  );
}

interface Credentials {
  username: string;
  password: string;
}

/**
 * Account and password, then the captcha step (spec §5: completed before the login call). The click
 * captcha opens once the fields are valid; Turnstile sits in the form. Either pass is single-use, so every
 * attempt earns a fresh one.
 */
function PasswordLogin({ options }: { options: LoginOptions }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { search } = useLocation();
  const [form] = Form.useForm<Credentials>();
  const source = useSource();
  const complete = useCompleteSignIn();
  const [captchaOpen, setCaptchaOpen] = useState(false);
  const [turnstileToken, setTurnstileToken] = useState<string | null>(null);
  const [turnstileRound, setTurnstileRound] = useState(0);

  const login = useMutation({
    mutationFn: (captcha: string | undefined) => loginByPassword({ ...form.getFieldsValue(), captcha, source }),
    onSuccess: complete,
    onError: () => {
      setTurnstileToken(null);
      setTurnstileRound((round) => round + 1);
    },
  });

  const onFinish = () => {
    if (options.captcha === 'click') setCaptchaOpen(true);
    else if (options.captcha === 'off') login.mutate(undefined);
    else if (turnstileToken) login.mutate(turnstileToken);
    else void message.warning(t('validation.captchaRequired'));
  };

  return (
    <Form form={form} onFinish={onFinish} size="large" requiredMark={false}>
      <Form.Item name="username" rules={[rule(t, required('accountRequired'))]}>
        <Input prefix={<UserOutlined />} placeholder={t('auth.account')} aria-label={t('auth.account')} autoComplete="username" data-testid="username-input" />
      </Form.Item>
      <Form.Item name="password" rules={[rule(t, required('passwordRequired'))]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('auth.password')}
          aria-label={t('auth.password')}
          autoComplete="current-password"
          data-testid="password-input"
        />
      </Form.Item>
      <div className="auth-links">
        <span />
        <Link to={PATHS.resetPassword + search} data-testid="to-reset">
          {t('auth.forgotPassword')}
        </Link>
      </div>
      {options.captcha === 'turnstile' && options.turnstileSiteKey && (
        <TurnstileWidget key={turnstileRound} siteKey={options.turnstileSiteKey} onToken={setTurnstileToken} />
      )}
      <Button type="primary" htmlType="submit" block loading={login.isPending} className="auth-submit" data-testid="login-submit">
        {t('auth.login')}
      </Button>
      <Modal open={captchaOpen} title={t('captcha.title')} footer={null} width={360} onCancel={() => setCaptchaOpen(false)} destroyOnHidden centered>
        <ClickCaptcha
          onPass={(pass) => {
            setCaptchaOpen(false);
            login.mutate(pass);
          }}
        />
      </Modal>
    </Form>
  );
}

/** Email or phone and a code: signs in, creating the account on first use (spec §7). */
function CodeLogin({ options }: { options: LoginOptions }) {
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

/** Leaves for Google (spec §7 render/google); Google returns to /googleLoginCallBack. */
function GoogleButton() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const source = useSource();
  const start = useMutation({ mutationFn: () => startGoogle('login', params.get('redirect'), source) });
  return (
    <>
      <Divider plain>{t('social.or')}</Divider>
      <Button
        size="large"
        block
        icon={<GoogleOutlined />}
        loading={start.isPending || start.isSuccess}
        onClick={() => start.mutate()}
        data-testid="google-login"
      >
        {t('social.continueWithGoogle')}
      </Button>
    </>
  );
}
