import { useMutation } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Spinner } from '../components/Spinner';
import { AuthCard } from '../features/auth/AuthCard';
import { googleRegisterWithLogin } from '../features/auth/api';
import { forgetGoogle, googleReturn } from '../features/auth/google-flow';
import { useCompleteSignIn } from '../features/auth/use-sign-in';
import { isRequestError } from '../lib/request';
import { PATHS, signInPath } from '../lib/paths';

/**
 * /googleLoginCallBack: where Google returns after sign-in (spec §2, §7). Signs in with the code when the
 * state is the one this tab started with, then goes where the login page was asked to go.
 */
export default function GoogleCallbackPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  // Read once: the stored flow is forgotten as soon as it is used.
  const [back] = useState(() => googleReturn(search, 'login'));
  const redirect = back.pending?.redirect ?? null;
  const complete = useCompleteSignIn(redirect);
  const signIn = useMutation({ mutationFn: googleRegisterWithLogin, onSuccess: complete });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    forgetGoogle();
    if (back.grant && back.pending) signIn.mutate({ ...back.grant, source: back.pending.source });
  }, [back, signIn]);

  const failure = back.declined
    ? t('social.googleDeclined')
    : !back.grant
      ? t('social.googleInvalid')
      : signIn.isError
        ? isRequestError(signIn.error)
          ? signIn.error.message
          : t('social.googleFailed')
        : null;

  return (
    <AuthCard>
      {failure ? (
        <Result
          status="error"
          title={t('social.googleFailed')}
          subTitle={<span data-testid="google-error">{failure}</span>}
          extra={
            <Button type="primary" onClick={() => void navigate(redirect ? signInPath(redirect) : PATHS.login)} data-testid="google-back-to-login">
              {t('social.backToLogin')}
            </Button>
          }
        />
      ) : (
        <div className="google-pending">
          <Spinner size="large" />
          <p>{t('social.googleSigningIn')}</p>
        </div>
      )}
    </AuthCard>
  );
}
