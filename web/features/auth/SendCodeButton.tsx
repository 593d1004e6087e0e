import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendCode } from './api';

/**
 * Sends a verification code to the address `getTarget` validates and returns (it rejects when the field is
 * invalid, which the form already shows), then counts the server's cooldown down on the button. A refusal
 * (429 with the seconds left) is toasted by the request layer.
 */
export function SendCodeButton({ getTarget }: { getTarget: () => Promise<string> }) {
  const { t } = useTranslation();
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const send = async () => {
    let target: string;
    try {
      target = await getTarget();
    } catch {
      return;
    }
    setSending(true);
    try {
      setSecondsLeft((await sendCode(target)).cooldownSeconds);
    } catch {
      // Toasted by the request layer.
    } finally {
      setSending(false);
    }
  };

  return (
    <Button className="send-code" size="large" onClick={() => void send()} loading={sending} disabled={secondsLeft > 0} data-testid="send-code">
      {secondsLeft > 0 ? t('auth.resendIn', { seconds: secondsLeft }) : t('auth.sendCode')}
    </Button>
  );
}
