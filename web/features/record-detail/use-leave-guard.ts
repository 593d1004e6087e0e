import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { useFeedback } from '../../lib/feedback';

/** Unsaved edits are not lost silently: closing the tab asks the browser's question, leaving in-app asks ours. */
export function useLeaveGuard(dirty: boolean) {
  const { modal } = useFeedback();
  const { t } = useTranslation();
  const blocker = useBlocker(dirty);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('recordDetail.leaveTitle'),
      content: t('recordDetail.leaveContent'),
      okText: t('recordDetail.leave'),
      okButtonProps: { danger: true },
      cancelText: t('recordDetail.stay'),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);
}
