import { GoogleOutlined, WechatOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Modal } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { LoginOptions } from '../../../../contracts/auth';
import { Tag } from '../../../components/Tag';
import { PATHS } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import type { UserInfo } from '../../../lib/session';
import { WechatQr } from '../../auth/WechatQr';
import { forgetGoogle, googleReturn, startGoogle } from '../../auth/google-flow';
import { useSource } from '../../auth/use-sign-in';
import { bindOther, unbindProvider } from '../api';
import type { SocialProvider } from '../api';
import { SecurityRow } from './AccountSecurity';
import { useFeedback } from '../../../lib/feedback';

/**
 * Third-party accounts (spec §2 profile, §7 bindingOther / unbindWeCat): each configured provider with its
 * state, bind and unbind. WeChat binds by scanning a code here; Google binds through its own pages and
 * comes back to this page, which finishes the binding.
 */
export function ThirdPartyAccounts({ user, options }: { user: UserInfo; options: LoginOptions }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const setUserInfo = useSession((s) => s.setUserInfo);
  const source = useSource();
  const [wechatOpen, setWechatOpen] = useState(false);
  useGoogleBindReturn();

  const unbind = useMutation({
    mutationFn: unbindProvider,
    onSuccess: (info) => {
      setUserInfo(info);
      void message.success(t('social.unbound'));
    },
  });
  const google = useMutation({ mutationFn: () => startGoogle('bind', null, source) });

  const confirmUnbind = (provider: SocialProvider) => {
    const name = t(`profile.${provider}`);
    void modal.confirm({
      title: t('social.unbindTitle', { provider: name }),
      content: t('social.unbindBody', { provider: name }),
      okText: t('profile.unbind'),
      okButtonProps: { danger: true },
      // A refusal (such as the last way to sign in) is toasted; the dialog closes either way.
      onOk: () => unbind.mutateAsync(provider).catch(() => {}),
    });
  };

  const providers = [
    { key: 'wechat', on: options.wechat, icon: <WechatOutlined />, bound: user.wechatBound, bind: () => setWechatOpen(true), binding: false },
    {
      key: 'google',
      on: options.google,
      icon: <GoogleOutlined />,
      bound: user.googleBound,
      bind: () => google.mutate(),
      binding: google.isPending || google.isSuccess,
    },
  ] as const;

  return (
    <Card title={t('profile.thirdParty')} variant="borderless" className="section-card" data-testid="profile-third-party">
      {providers
        .filter((p) => p.on)
        .map((p) => (
          <SecurityRow
            key={p.key}
            icon={p.icon}
            label={t(`profile.${p.key}`)}
            value={<Tag color={p.bound ? 'success' : 'default'}>{t(p.bound ? 'profile.bound' : 'profile.notBound')}</Tag>}
            action={
              p.bound ? (
                <Button onClick={() => confirmUnbind(p.key)} data-testid={`unbind-${p.key}`}>
                  {t('profile.unbind')}
                </Button>
              ) : (
                <Button type="primary" ghost onClick={p.bind} loading={p.binding} data-testid={`bind-${p.key}`}>
                  {t('profile.bind')}
                </Button>
              )
            }
          />
        ))}
      {wechatOpen && <WechatBindDialog onClose={() => setWechatOpen(false)} />}
    </Card>
  );
}

/** Scan to link: the code is made for this user, and the scan attaches that WeChat to the account. */
function WechatBindDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const setUserInfo = useSession((s) => s.setUserInfo);
  const [round, setRound] = useState(0);
  const bind = useMutation({
    mutationFn: (scene: string) => bindOther({ type: 'wechat', scene }),
    onSuccess: (info) => {
      setUserInfo(info);
      void message.success(t('profile.bindDone'));
      onClose();
    },
    // The reason (such as the WeChat belonging to another account) is toasted; a new code lets them retry.
    onError: () => setRound((r) => r + 1),
  });
  const { mutate } = bind;
  const onScanned = useCallback((scene: string) => mutate(scene), [mutate]);

  return (
    <Modal open onCancel={onClose} title={t('social.bindWechatTitle')} footer={null} width={360} centered>
      <WechatQr key={round} mode="bind" hint={t('social.wechatBindHint')} onScanned={onScanned} busy={bind.isPending} />
    </Modal>
  );
}

/** Finishes a Google binding when Google returns to the profile with a code, then clears it from the address. */
function useGoogleBindReturn() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { search } = useLocation();
  const navigate = useNavigate();
  const setUserInfo = useSession((s) => s.setUserInfo);
  const handled = useRef(false);

  useEffect(() => {
    const back = googleReturn(search, 'bind');
    if (!back.present || handled.current) return;
    handled.current = true;
    forgetGoogle();
    void navigate(PATHS.userProfile, { replace: true });
    if (back.declined) return;
    if (!back.grant) {
      void message.error(t('social.googleInvalid'));
      return;
    }
    bindOther({ type: 'google', ...back.grant }).then(
      (info) => {
        setUserInfo(info);
        void message.success(t('profile.bindDone'));
      },
      // Toasted by the request layer.
      () => {},
    );
  }, [search, navigate, message, setUserInfo, t]);
}
