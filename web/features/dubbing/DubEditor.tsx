import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DubLineRow, DubProject } from '../../../contracts/dubbing';
import { PayDialogHost } from '../pay/PayDialogHost';
import { refusedSave } from '../record-detail/refusal';
import type { LineFlag } from '../record-detail/refusal';
import { useLeaveGuard } from '../record-detail/use-leave-guard';
import { useMediaSync } from '../../lib/use-media-sync';
import { saveEdits } from './api';
import { DubHeader } from './DubHeader';
import { DubLines } from './DubLines';
import { DubPreview } from './DubPreview';
import { DubSpeakers } from './DubSpeakers';
import { DubStatus } from './DubStatus';
import { LINES_PAGE_SIZE, isDubRunning, useDubLines, useSetProject } from './hooks';
import { asDraft, withEdits } from './line-edits';
import type { PendingEdits } from './line-edits';
import { useListen } from './use-listen';
import './dubbing.css';
import { linesKey, projectKey, speakersKey } from '../../lib/query-keys';
import { useFeedback } from '../../lib/feedback';

const NO_LINES: DubLineRow[] = [];

/**
 * The dubbing editor (spec §1 "professional subtitle editor", §2 /dub): the video beside (on phones above)
 * its lines, whose translations and times are edited and saved, voices per speaker, and re-dubbing what
 * changed. The pay dialog is mounted here because this page stands outside the layout.
 */
export function DubEditor({ project }: { project: DubProject }) {
  const { record } = project;
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const setProject = useSetProject(record.id);
  const [pageNum, setPageNum] = useState(1);
  const lines = useDubLines(record.id, pageNum);
  const [pending, setPending] = useState<PendingEdits>({});
  const [saving, setSaving] = useState(false);
  const [flag, setFlag] = useState<LineFlag | null>(null);
  const listen = useListen();
  const dirty = Object.keys(pending).length > 0;
  useLeaveGuard(dirty);

  const original = lines.data?.rows ?? NO_LINES;
  const rows = useMemo(() => withEdits(original, pending), [original, pending]);
  const drafts = useMemo(() => asDraft(rows), [rows]);
  const sync = useMediaSync(drafts);
  const language = project.form.translationLanguage ?? project.form.audioLanguage;

  const save = async () => {
    setSaving(true);
    try {
      setProject(await saveEdits(record.id, Object.values(pending)));
      setPending({});
      setFlag(null);
      void message.success(t('recordDetail.saved'));
      await queryClient.invalidateQueries({ queryKey: linesKey(record.id) });
    } catch (error) {
      // The request layer said why; the edits stay for another try, and a line the server named is shown, on its page.
      const refused = refusedSave(error);
      if (refused?.id !== undefined) {
        setPageNum(Math.floor(refused.line / LINES_PAGE_SIZE) + 1);
        setFlag({ key: refused.id, message: refused.message });
      }
    } finally {
      setSaving(false);
    }
  };

  const refreshLines = () => {
    void queryClient.invalidateQueries({ queryKey: linesKey(record.id) });
    void queryClient.invalidateQueries({ queryKey: speakersKey(record.id) });
    // A new voice or name changes what a re-dub speaks: the project's count of changed lines follows.
    void queryClient.invalidateQueries({ queryKey: projectKey(record.id) });
  };

  return (
    <div className="dub-page" data-testid="dub-page">
      <DubHeader project={project} dirty={dirty} onProject={setProject} onLinesChanged={refreshLines} />
      <DubStatus project={project} onProject={setProject} />
      <main className="dub-body">
        <section className="dub-preview-area" aria-label={t('dubbing.editor.preview')}>
          <DubPreview project={project} sync={sync} />
        </section>
        <section className="dub-lines-area" aria-label={t('dubbing.editor.lines')}>
          <DubLines
            rows={rows}
            original={original}
            total={lines.data?.total ?? 0}
            state={lines.isPending ? 'loading' : lines.isError ? 'error' : 'ready'}
            onReload={() => void lines.refetch()}
            pageNum={pageNum}
            pageSize={LINES_PAGE_SIZE}
            onPage={setPageNum}
            editable={!isDubRunning(record.status)}
            videoMs={Math.round(record.duration * 1000)}
            activeIndex={sync.activeIndex}
            onSeek={sync.seek}
            pending={pending}
            onEdit={setPending}
            dirty={dirty}
            saving={saving}
            onSave={() => void save()}
            flag={flag}
            onFlag={setFlag}
            listening={listen.playing}
            onListen={(row) => void listen.listen(`line-${row.id}`, { text: row.translation, language, voice: row.voice || undefined })}
          />
        </section>
        <aside className="dub-side-area">
          <DubSpeakers id={record.id} language={language} rows={rows} editable={!isDubRunning(record.status)} listen={listen} onChanged={refreshLines} />
        </aside>
      </main>
      <PayDialogHost />
    </div>
  );
}
