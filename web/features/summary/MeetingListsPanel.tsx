import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ActionItem, LineCitation, MediaSummary, SummaryState } from '../../../contracts/summary';
import { Empty } from '../../components/Empty';
import { summaryKey } from '../../lib/query-keys';
import { useSpeakerLabel } from '../../lib/speaker-look';
import { setActionItemDone } from './api';
import { clock } from './SummaryPanels';

/**
 * The summary's action items (ticked done by the record's owner), decisions and open questions, each with
 * the moment it was said as a button that plays from there.
 */
export function MeetingListsPanel({ recordId, summary, onSeek }: { recordId: number; summary: MediaSummary; onSeek: (ms: number) => void }) {
  const { t } = useTranslation();
  const { actionItems, decisions, questions } = summary;
  if (!actionItems.length && !decisions.length && !questions.length) return <Empty simple description={t('summary.lists.none')} />;
  return (
    <div className="summary-lists" data-testid="summary-lists">
      {actionItems.length > 0 && (
        <section>
          <h4 className="summary-list-heading">{t('summary.lists.actionItems')}</h4>
          <ul className="summary-list" data-testid="summary-action-items">
            {actionItems.map((item) => (
              <ActionItemRow key={item.id} recordId={recordId} item={item} onSeek={onSeek} />
            ))}
          </ul>
        </section>
      )}
      {(
        [
          ['decisions', decisions],
          ['questions', questions],
        ] as const
      ).map(
        ([kind, list]) =>
          list.length > 0 && (
            <section key={kind}>
              <h4 className="summary-list-heading">{t(`summary.lists.${kind}`)}</h4>
              <ul className="summary-list" data-testid={`summary-${kind}`}>
                {list.map((x, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a summary's lists are replaced whole, never reordered, and may repeat a time.
                  <li key={`${x.start}-${i}`} className="summary-key-point">
                    <SeekButton at={x} onSeek={onSeek} testId={`summary-${kind}-${i}`} />
                    <span className="summary-text">{x.text}</span>
                  </li>
                ))}
              </ul>
            </section>
          ),
      )}
    </div>
  );
}

function SeekButton({ at, onSeek, testId }: { at: LineCitation; onSeek: (ms: number) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="summary-seek summary-time"
      onClick={() => onSeek(at.start)}
      aria-label={t('summary.playFrom', { time: clock(at.start) })}
      data-testid={testId}
    >
      {clock(at.start)}
    </button>
  );
}

function ActionItemRow({ recordId, item, onSeek }: { recordId: number; item: ActionItem; onSeek: (ms: number) => void }) {
  const { t } = useTranslation();
  const label = useSpeakerLabel();
  const queryClient = useQueryClient();
  const tick = useMutation({
    mutationFn: (done: boolean) => setActionItemDone(recordId, item.id, done),
    onSuccess: (state) => queryClient.setQueryData<SummaryState>(summaryKey(recordId), state),
  });
  const done = tick.isPending ? tick.variables : item.done;
  return (
    <li className={`summary-action${done ? ' done' : ''}`} data-testid={`summary-action-${item.id}`}>
      <input
        type="checkbox"
        className="summary-action-check"
        checked={done}
        disabled={tick.isPending}
        onChange={(event) => tick.mutate(event.target.checked)}
        aria-label={t(done ? 'summary.lists.markOpen' : 'summary.lists.markDone', { task: item.text })}
        data-testid={`summary-action-done-${item.id}`}
      />
      <div className="summary-action-body">
        <span className="summary-text">{item.text}</span>
        <span className="summary-action-facts">
          <SeekButton at={item} onSeek={onSeek} testId={`summary-action-seek-${item.id}`} />
          {item.owner && <span data-testid={`summary-action-owner-${item.id}`}>{t('summary.lists.owner', { owner: label(item.owner) })}</span>}
          {item.due && <span data-testid={`summary-action-due-${item.id}`}>{t('summary.lists.due', { date: item.due })}</span>}
        </span>
      </div>
    </li>
  );
}
