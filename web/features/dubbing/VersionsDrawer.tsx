import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Input, List, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DUB_UPLOAD } from '../../../contracts/constants';
import { Empty } from '../../components/Empty';
import { Spinner } from '../../components/Spinner';
import { formatTime } from '../records/format';
import { createIteration, fetchIterations } from './api';
import { iterationsKey } from '../../lib/query-keys';
import { useFeedback } from '../../lib/feedback';

const NAME_MAX = 100;

/** Named versions of the lines (spec §7 createIteration, getIteration), each with its video while it is kept. */
export function VersionsDrawer({ id, open, onClose }: { id: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const versions = useQuery({ queryKey: iterationsKey(id), queryFn: () => fetchIterations(id), enabled: open });
  const create = useMutation({
    mutationFn: () => createIteration(id, name.trim()),
    onSuccess: () => {
      setName('');
      void message.success(t('dubbing.versions.created'));
      return queryClient.invalidateQueries({ queryKey: iterationsKey(id) });
    },
  });

  const body = () => {
    if (versions.isPending) return <Spinner />;
    if (versions.isError) {
      return (
        <Empty simple description={t('dubbing.versions.loadFailed')}>
          <Button onClick={() => void versions.refetch()}>{t('common.retry')}</Button>
        </Empty>
      );
    }
    if (versions.data.length === 0) return <Empty simple description={t('dubbing.versions.none')} />;
    return (
      <List
        dataSource={versions.data}
        renderItem={(version) => (
          <List.Item
            data-testid="dub-version"
            extra={
              version.url ? (
                <a href={version.url} download>
                  {t('dubbing.versions.download')}
                </a>
              ) : (
                <span className="dub-muted">{t('dubbing.versions.notKept', { days: DUB_UPLOAD.keepDays })}</span>
              )
            }
          >
            <List.Item.Meta
              title={`v${version.version} ${version.name}`}
              description={[
                formatTime(version.createTime),
                t('recordDetail.speakers.lines', { count: version.lines }),
                ...(version.voices ? [t(`dubbing.versions.voices.${version.voices}`)] : []),
              ].join(' · ')}
            />
          </List.Item>
        )}
      />
    );
  };

  return (
    <Drawer open={open} onClose={onClose} title={t('dubbing.versions.title')} width={380} data-testid="dub-versions-drawer">
      <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
        <Input
          value={name}
          maxLength={NAME_MAX}
          placeholder={t('dubbing.versions.namePlaceholder')}
          onChange={(event) => setName(event.target.value)}
          data-testid="dub-version-name"
        />
        <Button type="primary" loading={create.isPending} onClick={() => create.mutate()} data-testid="dub-version-create">
          {t('dubbing.versions.create')}
        </Button>
      </Space.Compact>
      {body()}
    </Drawer>
  );
}
