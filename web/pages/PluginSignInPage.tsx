import { Button, Result, Spin } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SOURCE } from '../../contracts/constants';
import { StandaloneFrame } from '../components/StandaloneFrame';
import { getToken } from '../lib/auth';
import { PATHS } from '../lib/paths';
import { signedInUser, useSession } from '../lib/session';

/**
 * /pluginSignIn?extension=ID: the browser subtitle plugin opens this page to sign in. Once the user is signed
 * in here, the page hands the plugin the token by extension messaging (the plugin lets only Tingyi's own
 * address do so, see extension/manifest.json), never through an address.
 */

type Outcome = 'sending' | 'done' | 'failed';

/** chrome.runtime as a web page sees it when an extension lists the site in `externally_connectable`. */
interface ExternalRuntime {
  sendMessage(extensionId: string, message: unknown, callback: (answer?: { ok?: boolean }) => void): void;
  lastError?: unknown;
}

const runtime = () => (globalThis as { chrome?: { runtime?: ExternalRuntime } }).chrome?.runtime;

function handOver(extensionId: string, token: string): Promise<boolean> {
  const target = runtime();
  if (!target?.sendMessage) return Promise.resolve(false);
  return new Promise((resolve) => {
    try {
      target.sendMessage(extensionId, { type: 'tingyi-sign-in', token }, (answer) => resolve(!target.lastError && answer?.ok === true));
    } catch {
      resolve(false);
    }
  });
}

export default function PluginSignInPage() {
  const { t } = useTranslation();
  const extensionId = useSearchParams()[0].get('extension') ?? '';
  const user = signedInUser(useSession((s) => s.userInfo));
  const [outcome, setOutcome] = useState<Outcome>('sending');

  useEffect(() => {
    const token = getToken();
    if (!extensionId || !user || !token) return;
    setOutcome('sending');
    void handOver(extensionId, token).then((ok) => setOutcome(ok ? 'done' : 'failed'));
  }, [extensionId, user]);

  const signInLink = `${PATHS.login}?source=${SOURCE.plugin}&redirect=${encodeURIComponent(`${PATHS.pluginSignIn}?extension=${extensionId}`)}`;
  let body: ReactNode;
  if (!extensionId) body = <Result status="warning" title={t('extension.handOff.noExtension')} />;
  else if (!user)
    body = (
      <Result
        status="info"
        title={t('extension.handOff.needAccount')}
        extra={
          <Button type="primary" href={signInLink} data-testid="plugin-sign-in-login">
            {t('extension.signIn')}
          </Button>
        }
      />
    );
  else if (outcome === 'sending') body = <Result icon={<Spin />} title={t('extension.handOff.sending')} />;
  else
    body = (
      <div data-testid={`plugin-sign-in-${outcome}`}>
        <Result status={outcome === 'done' ? 'success' : 'error'} title={t(`extension.handOff.${outcome}`)} />
      </div>
    );
  return <StandaloneFrame>{body}</StandaloneFrame>;
}
