import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Cloudflare Turnstile, used instead of the click captcha when the server is configured for it. The
 * official script is added only in that mode; its token is sent as `captcha` and is single-use, so the
 * parent remounts this widget (a new `key`) after each sign-in attempt.
 */
const SCRIPT_SRC = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface Turnstile {
  render: (element: HTMLElement, options: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void }) => string;
  remove: (widgetId: string) => void;
}

declare global {
  interface Window {
    turnstile?: Turnstile;
  }
}

let loading: Promise<Turnstile> | null = null;

function loadTurnstile(): Promise<Turnstile> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_SRC;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile did not start')));
    script.onerror = () => {
      loading = null; // let a later mount try again
      reject(new Error('Turnstile script failed to load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export function TurnstileWidget({ siteKey, onToken }: { siteKey: string; onToken: (token: string | null) => void }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let widgetId: string | undefined;
    let turnstile: Turnstile | undefined;
    let live = true;
    loadTurnstile()
      .then((api) => {
        if (!live || !container.current) return;
        turnstile = api;
        widgetId = api.render(container.current, { sitekey: siteKey, callback: onToken, 'expired-callback': () => onToken(null) });
      })
      .catch((error: unknown) => console.warn('[turnstile]', error));
    return () => {
      live = false;
      if (turnstile && widgetId) turnstile.remove(widgetId);
    };
  }, [siteKey, onToken]);

  return (
    <div className="turnstile" data-testid="turnstile">
      <p className="turnstile-notice">{t('captcha.turnstileNotice')}</p>
      <div ref={container} />
    </div>
  );
}
