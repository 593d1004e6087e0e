import { ArrowLeftOutlined, HistoryOutlined, SoundOutlined, TranslationOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { DubProject } from '../../../contracts/dubbing';
import { LanguagePicker } from '../../components/LanguagePicker';
import { Tooltip } from '../../components/Tooltip';
import { lazyComponent } from '../../lib/lazy-component';
import { PATHS } from '../../lib/paths';
import { useIsMobile } from '../../lib/use-is-mobile';
import { StatusTag } from '../records/RecordTags';
import { retranslate } from './api';
import { DownloadsMenu } from './DownloadsMenu';
import { isDubRunning } from './hooks';
import { useRedub } from './use-redub';
import { useFeedback } from '../../lib/feedback';

// The versions drawer's code loads when it is first opened; it stays mounted after, so it closes as it opens.
const VersionsDrawer = lazyComponent(() => import('./VersionsDrawer').then((m) => ({ default: m.VersionsDrawer })));

interface DubHeaderProps {
  project: DubProject;
  /** Unsaved edits: re-dubbing or re-translating now would not use (or would overwrite) them. */
  dirty: boolean;
  onProject: (project: DubProject) => void;
  onLinesChanged: () => void;
}

/** The project's name and status, and what can be done with it as a whole. */
export function DubHeader({ project, dirty, onProject, onLinesChanged }: DubHeaderProps) {
  const { record } = project;
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const location = useLocation();
  const isMobile = useIsMobile();
  const redub = useRedub(record.id, onProject);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [versionsShown, setVersionsShown] = useState(false);
  const running = isDubRunning(record.status);
  const minutes = Math.ceil(project.redubSeconds / 60);

  // Opened straight from a link there is no page to go back to: the records list is the way out.
  const back = () => void (location.key === 'default' ? navigate(PATHS.recordList) : navigate(-1));

  const confirmRedub = () =>
    modal.confirm({
      title: t('dubbing.editor.redubTitle'),
      content: t('dubbing.editor.redubContent', { count: minutes, lines: project.changedLines }),
      okText: t('dubbing.editor.redubOk'),
      okButtonProps: { 'data-testid': 'dub-redub-confirm' },
      onOk: () => redub.run().catch((error: Error) => void message.error(error.message)),
    });

  const confirmRetranslate = () =>
    modal.confirm({
      title: t('dubbing.editor.retranslateTitle'),
      content: t('dubbing.editor.retranslateContent'),
      okText: t('dubbing.editor.retranslate'),
      okButtonProps: { danger: true, 'data-testid': 'dub-retranslate-confirm' },
      onOk: async () => {
        try {
          onProject(await retranslate(record.id));
          onLinesChanged();
        } catch {
          // The request layer said why.
        }
      },
    });

  const blockedBy = running ? t('dubbing.editor.busy') : dirty ? t('recordDetail.saveFirst') : null;
  // A re-dub speaks the changed lines again and charges for it (spec §9: half the length); with nothing changed
  // there is nothing to speak, so no charge is shown and the server refuses it too. A failed run is resumed
  // from the status bar's Retry, at no extra charge.
  const redubBlockedBy =
    blockedBy ??
    (record.status === 'dub_err' ? t('dubbing.editor.redubAfterRetry') : project.changedLines === 0 ? t('dubbing.editor.redubNothingChanged') : null);
  return (
    <header className="dub-header">
      <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('recordDetail.back')} title={t('recordDetail.back')} onClick={back} />
      <div className="dub-heading">
        <Typography.Title level={1} className="dub-title" data-testid="dub-title" ellipsis={{ tooltip: record.name }}>
          {record.name}
        </Typography.Title>
        <span data-testid="dub-status" data-status={record.status}>
          <StatusTag status={record.status} />
        </span>
      </div>
      <div className="dub-actions">
        {project.form.translationLanguage && (
          <Tooltip title={blockedBy}>
            <Button icon={<TranslationOutlined />} disabled={blockedBy !== null} onClick={confirmRetranslate} data-testid="dub-retranslate">
              <span className="dub-label">{t('dubbing.editor.retranslate')}</span>
            </Button>
          </Tooltip>
        )}
        <Button
          icon={<HistoryOutlined />}
          onClick={() => {
            setVersionsShown(true);
            setVersionsOpen(true);
          }}
          data-testid="dub-versions"
        >
          <span className="dub-label">{t('dubbing.versions.title')}</span>
        </Button>
        <DownloadsMenu project={project} />
        <Tooltip title={redubBlockedBy}>
          <Button
            type="primary"
            icon={<SoundOutlined />}
            disabled={redubBlockedBy !== null}
            loading={redub.busy}
            onClick={confirmRedub}
            data-testid="dub-redub"
          >
            {redubBlockedBy === null ? t('dubbing.editor.redub', { count: minutes }) : t('dubbing.editor.redubOk')}
          </Button>
        </Tooltip>
        <LanguagePicker compact={isMobile} />
      </div>
      {versionsShown && <VersionsDrawer id={record.id} open={versionsOpen} onClose={() => setVersionsOpen(false)} />}
    </header>
  );
}
