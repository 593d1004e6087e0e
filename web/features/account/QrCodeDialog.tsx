import { CopyOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Modal, QRCode, Switch } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';
import { useSession, useSignedInUser } from '../../lib/session';
import { ownerQrLink } from './links';
import { editClient, fetchClient } from './api';
import { clientKey } from '../../lib/query-keys';
import { useFeedback } from '../../lib/feedback';
import './qr-code-dialog.css';

function canvasPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('QR code could not be drawn'))), 'image/png');
  });
}

/** My QR code (spec §2, §4, §8): the sharing switch, the 126×126 code and copying it as an image. */
export function QrCodeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const user = useSignedInUser();
  const setUserInfo = useSession((s) => s.setUserInfo);
  const codeBox = useRef<HTMLDivElement>(null);
  // The code carries a key only the owner is given, so a scanned code cannot be made up from a user id.
  const own = useQuery({ queryKey: clientKey(user?.id, 'own'), queryFn: () => fetchClient(user!.id), enabled: open && user !== null });
  const link = own.data?.qrKey && user ? ownerQrLink(window.location.origin, user.id, own.data.qrKey) : null;

  const sharing = useMutation({
    mutationFn: (on: boolean) => editClient({ shareStatus: on ? '1' : '0' }),
    onSuccess: setUserInfo,
  });

  const copy = async () => {
    try {
      const canvas = codeBox.current?.querySelector('canvas');
      if (!canvas) throw new Error('QR code not drawn');
      // The promise goes into the item (not the blob) so the copy stays within the click's user activation.
      await navigator.clipboard.write([new ClipboardItem({ 'image/png': canvasPng(canvas) })]);
      void message.success(t('qrCode.copied'));
    } catch (error) {
      console.warn('[qr] copy failed', error);
      void message.error(t('qrCode.copyFailed'));
    }
  };

  if (!user) return null;
  const shared = user.shareStatus === '1';
  return (
    <Modal open={open} onCancel={onClose} title={t('qrCode.title')} footer={null} width={360} centered destroyOnHidden>
      <div className="qr-dialog" data-testid="qr-dialog">
        <label className="qr-switch">
          <span>{t('qrCode.share')}</span>
          <Switch checked={shared} loading={sharing.isPending} onChange={(on) => sharing.mutate(on)} data-testid="qr-share-switch" />
        </label>
        <p className="qr-hint">{t(shared ? 'qrCode.sharedHint' : 'qrCode.notSharedHint')}</p>
        <div className="qr-code" ref={codeBox} data-testid="qr-code">
          {link ? <QRCode value={link} size={126} type="canvas" bgColor="#ffffff" bordered={false} /> : <Spinner />}
        </div>
        <Button icon={<CopyOutlined />} onClick={() => void copy()} disabled={!link} block data-testid="qr-copy">
          {t('qrCode.copy')}
        </Button>
      </div>
    </Modal>
  );
}
