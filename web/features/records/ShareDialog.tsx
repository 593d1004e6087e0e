import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHARE_EXPIRY_DAYS } from '../../../contracts/record-vocabulary';
import type { RecordRow } from '../../../contracts/records';
import { Skeleton } from '../../components/Skeleton';
import { formatTime } from './format';
import { useSetShare, useShareStatus } from './hooks';
import { shareLink } from './links';
import { useFeedback } from '../../lib/feedback';
import './share-dialog.css';

type Expiry = (typeof SHARE_EXPIRY_DAYS)[number] | null;
interface ShareSettings {
  allowCopy: boolean;
  expiry: Expiry;
}

const DAY_MS = 86_400_000;
const NEVER = 0;

/**
 * The lifetime to show for a link that already expires: the shortest offered one covering what is left,
 * so saving another setting never cuts the link short.
 */
export function expiryChoice(expiresAt: number | null, now: number): Expiry {
  if (expiresAt === null) return null;
  const daysLeft = (expiresAt - now) / DAY_MS;
  return SHARE_EXPIRY_DAYS.find((days) => days >= daysLeft) ?? SHARE_EXPIRY_DAYS[SHARE_EXPIRY_DAYS.length - 1]!;
}

/**
 * Sharing a record by link (spec §1, §4): on or off (off revokes the link at once), allow copying, how long
 * the link lives. While shared, every change is saved at once; while off, the settings wait for switching on.
 */
export function ShareDialog({ record, onClose }: { record: RecordRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const status = useShareStatus(record.id);
  const save = useSetShare();
  const [edited, setEdited] = useState<ShareSettings | null>(null);

  const body = () => {
    if (status.isError) {
      return <Alert type="error" showIcon message={t('errors.fallback')} action={<Button onClick={() => void status.refetch()}>{t('common.retry')}</Button>} />;
    }
    if (!status.data) return <Skeleton paragraph={{ rows: 3 }} />;

    const { shared, token, expiresAt } = status.data;
    const settings = edited ?? { allowCopy: status.data.allowCopy, expiry: expiryChoice(expiresAt, Date.now()) };
    const apply = (enabled: boolean, next: ShareSettings) => {
      setEdited(next);
      if (!enabled && !shared) return;
      save.mutate(
        { id: record.id, enabled, allowCopy: next.allowCopy, expiresInDays: next.expiry },
        {
          onSuccess: () => {
            if (!enabled) void message.success(t('share.revoked'));
          },
        },
      );
    };
    const link = shared && token ? shareLink(window.location.origin, token) : null;
    const copy = async () => {
      try {
        await navigator.clipboard.writeText(link ?? '');
        void message.success(t('share.linkCopied'));
      } catch {
        void message.error(t('share.copyFailed'));
      }
    };

    return (
      <div className="share-dialog">
        <label className="share-row">
          <span className="share-row-text">
            <strong>{t('share.enable')}</strong>
            <small>{t(shared ? 'share.onHint' : 'share.offHint')}</small>
          </span>
          <Switch checked={shared} loading={save.isPending} onChange={(on) => apply(on, settings)} data-testid="share-enable" />
        </label>
        {link && (
          <div className="share-link">
            <span className="share-label">{t('share.link')}</span>
            <Space.Compact block>
              <Input readOnly value={link} onFocus={(event) => event.target.select()} data-testid="share-link" />
              <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="share-copy">
                {t('share.copyLink')}
              </Button>
            </Space.Compact>
          </div>
        )}
        <label className="share-row">
          <span className="share-row-text">
            <strong>{t('share.allowCopy')}</strong>
            <small>{t('share.allowCopyHint')}</small>
          </span>
          <Switch
            checked={settings.allowCopy}
            disabled={save.isPending}
            onChange={(allowCopy) => apply(shared, { ...settings, allowCopy })}
            data-testid="share-allow-copy"
          />
        </label>
        <div className="share-row">
          <span className="share-row-text">
            <strong>{t('share.expiry')}</strong>
            {shared && expiresAt !== null && <small>{t('share.expiresAt', { date: formatTime(expiresAt) })}</small>}
          </span>
          <Select<number>
            value={settings.expiry ?? NEVER}
            disabled={save.isPending}
            onChange={(days) => apply(shared, { ...settings, expiry: days === NEVER ? null : (days as Expiry) })}
            options={[
              { value: NEVER, label: t('share.never') },
              ...SHARE_EXPIRY_DAYS.map((days) => ({ value: days, label: t('share.days', { count: days }) })),
            ]}
            popupMatchSelectWidth={false}
            aria-label={t('share.expiry')}
            data-testid="share-expiry"
          />
        </div>
      </div>
    );
  };

  return (
    <Modal open title={t('share.title', { name: record.name })} onCancel={onClose} footer={null} width={500}>
      {body()}
    </Modal>
  );
}
