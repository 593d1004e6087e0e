import { AudioOutlined, CloudUploadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../lib/paths';
import { useDubDialog } from '../dubbing/store';
import { useUploadDialog } from '../upload/store';

export interface NewRecordAction {
  key: 'realtime' | 'localFile' | 'dubbing';
  icon: ReactNode;
  label: string;
  description: string;
  run: () => void;
}

/** The ways to start a record (spec §2 new-record dropdown); the menu and the home cards share them. */
export function useNewRecordActions(): NewRecordAction[] {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openUpload = useUploadDialog((s) => s.open);
  const openDub = useDubDialog((s) => s.open);
  return [
    {
      key: 'realtime',
      icon: <AudioOutlined />,
      label: t('newRecord.realtime'),
      description: t('newRecord.realtimeDesc'),
      run: () => void navigate(PATHS.meeting),
    },
    {
      key: 'localFile',
      icon: <CloudUploadOutlined />,
      label: t('newRecord.localFile'),
      description: t('newRecord.localFileDesc'),
      run: () => openUpload(),
    },
    {
      key: 'dubbing',
      icon: <VideoCameraOutlined />,
      label: t('newRecord.dubbing'),
      description: t('newRecord.dubbingDesc'),
      run: () => openDub(),
    },
  ];
}
