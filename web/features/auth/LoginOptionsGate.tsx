import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginOptions } from '../../../contracts/auth';
import { Skeleton } from '../../components/Skeleton';
import { lazyComponent } from '../../lib/lazy-component';
import { useLoginOptions } from './use-login-options';

// antd's Result carries every status's illustration (10 KB gzip); only a failed load shows one here.
const Result = lazyComponent(() => import('antd/es/result'));

/** Renders a sign-in form once the server has said which methods it offers; a failed load offers a retry. */
export function LoginOptionsGate({ children }: { children: (options: LoginOptions) => ReactNode }) {
  const { t } = useTranslation();
  const options = useLoginOptions();
  if (options.isPending) return <Skeleton paragraph={{ rows: 5 }} />;
  if (options.isError) {
    return <Result status="warning" subTitle={t('auth.optionsFailed')} extra={<Button onClick={() => void options.refetch()}>{t('common.retry')}</Button>} />;
  }
  return children(options.data);
}
