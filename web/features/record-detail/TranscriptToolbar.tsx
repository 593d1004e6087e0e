import { SaveOutlined, SyncOutlined, TranslationOutlined, UndoOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Segmented } from '../../components/Segmented';
import { Tooltip } from '../../components/Tooltip';
import { TRANSCRIPT_VIEWS } from './TranscriptLines';
import type { TranscriptView } from './TranscriptLines';
import type { SaveState } from './use-autosave';
import { SHORTCUTS, bindingLabel } from './use-transcript-keys';
import type { ShortcutAction } from './use-transcript-keys';

interface TranscriptToolbarProps {
  view: TranscriptView;
  onView: (view: TranscriptView) => void;
  hasTranslation: boolean;
  editable: boolean;
  saveState: SaveState;
  canUndo: boolean;
  canRedo: boolean;
  /** Why a translation cannot be added now, or null when it can. */
  translateBlocked: string | null;
  /** Adding a translation waits for the edits on screen to be saved. */
  translateWaiting: boolean;
  onAddTranslation: () => void;
  /** Translates every line again into the record's translation language. */
  onTranslateAgain: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onSave: () => void;
}

/** "Undo (Ctrl+Z)": an action's name with the keys that do it, as its tooltip says. */
function withKeys(label: string, action: ShortcutAction) {
  const keys = SHORTCUTS.find((s) => s.action === action)?.bindings.map((b) => bindingLabel(b)) ?? [];
  return `${label} (${keys.join(' / ')})`;
}

/** Which text the lines show, adding a translation, and the editing actions with where saving stands. */
export function TranscriptToolbar(props: TranscriptToolbarProps) {
  const {
    view,
    onView,
    hasTranslation,
    editable,
    saveState,
    canUndo,
    canRedo,
    translateBlocked,
    translateWaiting,
    onAddTranslation,
    onTranslateAgain,
    onUndo,
    onRedo,
    onSave,
  } = props;
  const { t } = useTranslation();
  const dirty = saveState !== 'saved';
  return (
    <div className="detail-toolbar">
      <div className="detail-views">
        <Segmented<TranscriptView>
          value={view}
          onChange={onView}
          options={TRANSCRIPT_VIEWS.map((v) => ({
            value: v,
            disabled: v !== 'source' && !hasTranslation,
            label: <span data-testid={`detail-view-${v}`}>{t(`recordDetail.views.${v}`)}</span>,
          }))}
        />
        {!hasTranslation && <span className="detail-hint">{t('recordDetail.noTranslation')}</span>}
      </div>
      <div className="detail-edit-actions">
        <Tooltip title={translateWaiting ? t('recordDetail.editing.savingFirst') : translateBlocked}>
          <Button
            icon={<TranslationOutlined />}
            disabled={translateBlocked !== null}
            loading={translateWaiting}
            onClick={onAddTranslation}
            data-testid="detail-add-translation"
          >
            <span className="detail-label">{t('recordDetail.addTranslation')}</span>
          </Button>
        </Tooltip>
        {hasTranslation && (
          <Tooltip title={translateBlocked ?? t('recordDetail.translateAgainHint')}>
            <Button icon={<SyncOutlined />} disabled={translateBlocked !== null} onClick={onTranslateAgain} data-testid="detail-translate-again">
              <span className="detail-label">{t('recordDetail.translateAgain')}</span>
            </Button>
          </Tooltip>
        )}
        {editable && (
          <>
            <Tooltip title={withKeys(t('recordDetail.undo'), 'undo')}>
              <Button icon={<UndoOutlined />} aria-label={t('recordDetail.undo')} disabled={!canUndo} onClick={onUndo} data-testid="detail-undo">
                <span className="detail-label">{t('recordDetail.undo')}</span>
              </Button>
            </Tooltip>
            {/* Undo's arrow mirrored: a circular arrow of its own would read as "reload". */}
            <Tooltip title={withKeys(t('recordDetail.tools.redo'), 'redo')}>
              <Button
                icon={<UndoOutlined className="detail-redo-icon" />}
                aria-label={t('recordDetail.tools.redo')}
                disabled={!canRedo}
                onClick={onRedo}
                data-testid="detail-redo"
              >
                <span className="detail-label">{t('recordDetail.tools.redo')}</span>
              </Button>
            </Tooltip>
            {/* A red dot on Save while there are unsaved edits, as antd's Badge draws it. */}
            <span className="detail-save">
              <Button
                type="primary"
                icon={<SaveOutlined />}
                disabled={saveState === 'saved' || saveState === 'conflict'}
                loading={saveState === 'saving'}
                onClick={onSave}
                data-testid="detail-save"
                data-dirty={dirty ? 'yes' : 'no'}
              >
                {t('common.save')}
              </Button>
              {dirty && <sup className="detail-save-dot" />}
            </span>
            <span className="detail-save-state" data-testid="detail-save-state" data-state={saveState} role="status">
              {t(`recordDetail.editing.state.${saveState}`)}
            </span>
          </>
        )}
      </div>
    </div>
  );
}
