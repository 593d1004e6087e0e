import { GoogleOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Divider } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState } from 'react';
import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { LoginOptions } from '../../contracts/auth';
import { Segmented } from '../components/Segmented';
import { AuthCard } from '../features/auth/AuthCard';
import { TurnstileWidget } from '../features/auth/TurnstileWidget';
import { loginByPassword } from '../features/auth/api';
import { required } from '../features/auth/rules';
import type { ValidationKey } from '../features/auth/rules';
import { LoginOptionsGate } from '../features/auth/LoginOptionsGate';
import { startGoogle } from '../features/auth/google-flow';
import { useCompleteSignIn, useSource } from '../features/auth/use-sign-in';
import { lazyComponent } from '../lib/lazy-component';
import { lazyDialog } from '../lib/lazy-dialog';
import { PATHS } from '../lib/paths';
import { useFeedback } from '../lib/feedback';

// The scan and code methods need antd's form engine (about 30 KB gzip); each loads when it is first chosen.
const WechatLogin = lazyComponent(() => import('../features/auth/WechatLogin').then((m) => ({ default: m.WechatLogin })));
const CodeLogin = lazyComponent(() => import('../features/auth/CodeLogin'));
const CaptchaDialog = lazyDialog(() => import('../features/auth/CaptchaDialog'));

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
        aria-label={t('auth.methods')}
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

type Credentials = Record<'username' | 'password', string>;
const CREDENTIAL_CHECKS = { username: required('accountRequired'), password: required('passwordRequired') } as const;

/**
 * Account and password, then the captcha step (spec §5: completed before the login call). The click
 * captcha opens once the fields are valid; Turnstile sits in the form. Either pass is single-use, so every
 * attempt earns a fresh one. Two required fields need no form engine: plain state keeps the page that most
 * visitors see first light, with the messages antd's Form would show.
 */
function PasswordLogin({ options }: { options: LoginOptions }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { search } = useLocation();
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Credentials, ValidationKey>>>({});
  const source = useSource();
  const complete = useCompleteSignIn();
  // null until the captcha is first needed; then it stays mounted so that closing it animates.
  const [captchaOpen, setCaptchaOpen] = useState<boolean | null>(null);
  const [turnstileToken, setTurnstileToken] = useState<string | null>(null);
  const [turnstileRound, setTurnstileRound] = useState(0);

  const login = useMutation({
    mutationFn: (captcha: string | undefined) => loginByPassword({ ...values, captcha, source }),
    onSuccess: complete,
    onError: () => {
      setTurnstileToken(null);
      setTurnstileRound((round) => round + 1);
    },
  });

  const errorOf = (name: keyof Credentials, value: string) => CREDENTIAL_CHECKS[name](value) ?? undefined;
  const change = (name: keyof Credentials) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: errorOf(name, value) }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = { username: errorOf('username', values.username), password: errorOf('password', values.password) };
    setErrors(found);
    if (found.username || found.password) return;
    if (options.captcha === 'click') setCaptchaOpen(true);
    else if (options.captcha === 'off') login.mutate(undefined);
    else if (turnstileToken) login.mutate(turnstileToken);
    else void message.warning(t('validation.captchaRequired'));
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <PlainField error={errors.username && t(`validation.${errors.username}`)}>
        <Input
          size="large"
          status={errors.username ? 'error' : undefined}
          value={values.username}
          onChange={change('username')}
          prefix={<UserOutlined />}
          placeholder={t('auth.account')}
          aria-label={t('auth.account')}
          autoComplete="username"
          data-testid="username-input"
        />
      </PlainField>
      <PlainField error={errors.password && t(`validation.${errors.password}`)}>
        <Password
          size="large"
          status={errors.password ? 'error' : undefined}
          value={values.password}
          onChange={change('password')}
          prefix={<LockOutlined />}
          placeholder={t('auth.password')}
          aria-label={t('auth.password')}
          autoComplete="current-password"
          data-testid="password-input"
        />
      </PlainField>
      <div className="auth-links">
        <span />
        <Link to={PATHS.resetPassword + search} data-testid="to-reset">
          {t('auth.forgotPassword')}
        </Link>
      </div>
      {options.captcha === 'turnstile' && options.turnstileSiteKey && (
        <TurnstileWidget key={turnstileRound} siteKey={options.turnstileSiteKey} onToken={setTurnstileToken} />
      )}
      <Button type="primary" htmlType="submit" size="large" block loading={login.isPending} className="auth-submit" data-testid="login-submit">
        {t('auth.login')}
      </Button>
      {captchaOpen !== null && (
        <CaptchaDialog
          open={captchaOpen}
          onCancel={() => setCaptchaOpen(false)}
          onPass={(pass) => {
            setCaptchaOpen(false);
            login.mutate(pass);
          }}
        />
      )}
    </form>
  );
}

/** A field and, under it, the message of the check it failed, spaced as a form item of the other auth forms. */
function PlainField({ error, children }: { error: string | undefined; children: ReactNode }) {
  return (
    <div className={error ? 'auth-field has-error' : 'auth-field'}>
      {children}
      {error && (
        <div className="auth-field-error" role="alert">
          {error}
        </div>
      )}
    </div>
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
