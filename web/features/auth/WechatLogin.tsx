import { useMutation } from '@tanstack/react-query';
import { Button, Divider, Form } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginOptions } from '../../../contracts/auth';
import { wechatLogin, wechatRegister } from './api';
import { TargetCodeFields } from './fields';
import { targetKind } from './rules';
import { useCompleteSignIn, useSource } from './use-sign-in';
import { WechatQr } from './WechatQr';

/**
 * The login screen's WeChat method: a scan by a WeChat that has an account signs it in; a WeChat without one
 * goes on to the bind step. A failed attempt starts over with a new code.
 */
export function WechatLogin({ options }: { options: LoginOptions }) {
  const { t } = useTranslation();
  const source = useSource();
  const complete = useCompleteSignIn();
  const [round, setRound] = useState(0);
  const [unlinkedScene, setUnlinkedScene] = useState<string | null>(null);
  const restart = useCallback(() => {
    setUnlinkedScene(null);
    setRound((r) => r + 1);
  }, []);
  const login = useMutation({ mutationFn: wechatLogin, onSuccess: complete, onError: restart });
  const { mutate } = login;

  const onScanned = useCallback(
    (scene: string, bound: boolean) => {
      if (bound) mutate({ scene, source });
      else setUnlinkedScene(scene);
    },
    [mutate, source],
  );

  if (unlinkedScene) return <WechatBindStep scene={unlinkedScene} options={options} onRestart={restart} />;
  return <WechatQr key={round} mode="login" hint={t('social.wechatLoginHint')} onScanned={onScanned} busy={login.isPending} />;
}

/** A scanned WeChat without an account: a new account with it, or the account an email or phone code proves. */
function WechatBindStep({ scene, options, onRestart }: { scene: string; options: LoginOptions; onRestart: () => void }) {
  const { t } = useTranslation();
  const source = useSource();
  const complete = useCompleteSignIn();
  const register = useMutation({ mutationFn: wechatRegister, onSuccess: complete });
  const canLink = options.emailCode || options.smsCode;
  const linking = register.isPending && register.variables?.target !== undefined;

  return (
    <div className="wechat-bind" data-testid="wechat-bind-step">
      <h3>{t('social.notLinkedTitle')}</h3>
      <p className="auth-lead">{t(canLink ? 'social.notLinkedLead' : 'social.notLinkedLeadNewOnly')}</p>
      <Button
        type="primary"
        size="large"
        block
        loading={register.isPending && !linking}
        disabled={linking}
        onClick={() => register.mutate({ scene, source })}
        data-testid="wechat-create-account"
      >
        {t('social.createAccount')}
      </Button>
      {canLink && (
        <>
          <Divider plain>{t('social.linkExisting')}</Divider>
          <Form<{ target: string; code: string }>
            size="large"
            requiredMark={false}
            onFinish={({ target, code }) => register.mutate({ scene, target: target.trim(), code: code.trim(), source })}
          >
            <TargetCodeFields kind={targetKind(options)} />
            <Button htmlType="submit" block loading={linking} disabled={register.isPending && !linking} data-testid="wechat-link-submit">
              {t('social.linkAndLogin')}
            </Button>
          </Form>
        </>
      )}
      <Button type="link" block onClick={onRestart} className="wechat-bind-restart" data-testid="wechat-scan-again">
        {t('social.scanAgain')}
      </Button>
    </div>
  );
}
