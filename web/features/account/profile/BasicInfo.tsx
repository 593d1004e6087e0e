import { CameraOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Form, Input, Progress, Upload } from 'antd';
import type { UploadProps } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/UserAvatar';
import { Tag } from '../../../components/Tag';
import { useSession } from '../../../lib/session';
import type { UserInfo } from '../../../lib/session';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, editClient, uploadAvatar } from '../api';
import { required, rule } from '../../auth/rules';
import { useFeedback } from '../../../lib/feedback';

/** Avatar (uploaded with progress), nickname and membership. */
export function BasicInfo({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const setUserInfo = useSession((s) => s.setUserInfo);
  const [progress, setProgress] = useState<number | null>(null);

  const rename = useMutation({
    mutationFn: (name: string) => editClient({ name }),
    onSuccess: (info) => {
      setUserInfo(info);
      void message.success(t('profile.saved'));
    },
  });

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    if (AVATAR_TYPES.includes(file.type) && file.size <= AVATAR_MAX_BYTES) return true;
    void message.error(t('profile.avatarRule'));
    return Upload.LIST_IGNORE;
  };
  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    setProgress(0);
    uploadAvatar(file as Blob, (percent) => {
      setProgress(percent);
      onProgress?.({ percent });
    })
      .then((info) => {
        setUserInfo(info);
        onSuccess?.(info);
        void message.success(t('profile.avatarUpdated'));
      })
      .catch((error: Error) => onError?.(error)) // toasted by the request layer
      .finally(() => setProgress(null));
  };

  return (
    <Card title={t('profile.basicInfo')} variant="borderless" className="section-card" data-testid="profile-basic">
      <div className="profile-basic">
        <Upload accept={AVATAR_TYPES.join(',')} showUploadList={false} beforeUpload={beforeUpload} customRequest={customRequest}>
          <button type="button" className="profile-avatar" aria-label={t('profile.changeAvatar')} data-testid="avatar-upload">
            <UserAvatar user={user} size={80} />
            <span className="profile-avatar-overlay">
              {progress === null ? <CameraOutlined /> : <Progress type="circle" percent={progress} size={56} strokeColor="#fff" />}
            </span>
          </button>
        </Upload>
        <div className="profile-basic-fields">
          <Form
            layout="vertical"
            requiredMark={false}
            initialValues={{ name: user.name }}
            onFinish={({ name }: { name: string }) => rename.mutate(name.trim())}
          >
            <Form.Item label={t('profile.nickname')} required>
              <div className="profile-inline">
                <Form.Item name="name" noStyle rules={[rule(t, required('nicknameRequired'))]}>
                  <Input maxLength={64} data-testid="nickname-input" />
                </Form.Item>
                <Button type="primary" htmlType="submit" loading={rename.isPending} data-testid="nickname-save">
                  {t('common.save')}
                </Button>
              </div>
            </Form.Item>
          </Form>
          <div className="profile-membership">
            {user.memberLevel ? (
              <>
                <Tag color="gold">{t(`header.accountItems.${user.memberLevel}`)}</Tag>
                {user.validUntil && t('profile.validUntil', { date: dayjs(user.validUntil).format('YYYY-MM-DD') })}
              </>
            ) : (
              <Tag>{t('profile.noMembership')}</Tag>
            )}
          </div>
        </div>
      </div>
    </Card>
  );
}
