import { CheckCircleFilled, ReloadOutlined, WechatOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';
import { fetchScanStatus, fetchWechatQr } from './api';
import type { ProviderMode } from './api';
import { wechatQrKey, wechatScanKey } from '../../lib/query-keys';

/** How often the scan state is asked for while the code is shown. */
export const SCAN_POLL_MS = 2000;

interface WechatQrProps {
  mode: ProviderMode;
  hint: string;
  /** Called once per code, when WeChat reports the scan; `bound` says whether that WeChat has an account. */
  onScanned: (scene: string, bound: boolean) => void;
  /** The caller is acting on the scan (signing in, binding). */
  busy?: boolean;
}

/**
 * A WeChat QR code (spec §7 getQrCode, polled getOpenId): shows the code, asks every 2 s whether it was
 * scanned, and offers a fresh one once it has expired. Each mount gets its own code.
 */
export function WechatQr({ mode, hint, onScanned, busy = false }: WechatQrProps) {
  const { t } = useTranslation();
  const [instance] = useState(() => crypto.randomUUID());
  const qr = useQuery({ queryKey: wechatQrKey(mode, instance), queryFn: () => fetchWechatQr(mode), staleTime: Infinity, gcTime: 0 });
  const scene = qr.data?.scene;
  const scan = useQuery({
    queryKey: wechatScanKey(scene),
    queryFn: () => fetchScanStatus(scene!),
    enabled: Boolean(scene),
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'waiting' ? false : SCAN_POLL_MS),
    gcTime: 0,
  });
  const result = scan.data;
  const reported = useRef<string | null>(null);

  useEffect(() => {
    if (!scene || result?.status !== 'scanned' || reported.current === scene) return;
    reported.current = scene;
    onScanned(scene, result.bound);
  }, [scene, result, onScanned]);

  const refresh = () => void qr.refetch();
  const expired = result?.status === 'expired';
  const scanned = result?.status === 'scanned';

  return (
    <div className="wechat-qr" data-testid={`wechat-qr-${mode}`}>
      <div className="wechat-qr-frame">
        {qr.data ? (
          <img src={qr.data.qrUrl} alt={t('social.qrAlt')} width={180} height={180} data-testid="wechat-qr-image" />
        ) : (
          <Spinner spinning={qr.isFetching} />
        )}
        {qr.isError && !qr.isFetching && (
          <div className="wechat-qr-cover">
            <Button icon={<ReloadOutlined />} onClick={refresh}>
              {t('common.retry')}
            </Button>
          </div>
        )}
        {expired && (
          <div className="wechat-qr-cover" data-testid="wechat-qr-expired">
            <span>{t('social.qrExpired')}</span>
            <Button type="primary" icon={<ReloadOutlined />} onClick={refresh} loading={qr.isFetching} data-testid="wechat-qr-refresh">
              {t('social.qrRefresh')}
            </Button>
          </div>
        )}
        {scanned && (
          <div className="wechat-qr-cover" data-testid="wechat-qr-scanned">
            {busy ? <Spinner /> : <CheckCircleFilled className="wechat-qr-done" />}
            <span>{t('social.scanned')}</span>
          </div>
        )}
      </div>
      <p className="wechat-qr-hint">
        <WechatOutlined /> {hint}
      </p>
    </div>
  );
}
