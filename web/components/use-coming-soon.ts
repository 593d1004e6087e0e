import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Feedback for entries whose feature a later release brings: says so instead of doing nothing. */
export function useComingSoon(): () => void {
  const { message } = App.useApp();
  const { t } = useTranslation();
  return useCallback(() => {
    void message.info({ content: t('common.featureComingSoon'), key: 'coming-soon' });
  }, [message, t]);
}
