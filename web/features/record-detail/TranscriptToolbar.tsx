import { RedoOutlined, SaveOutlined, SyncOutlined, TranslationOutlined, UndoOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Segmented } from '../../components/Segmented';
import { Tooltip } from '../../components/Tooltip';
import { TRANSCRIPT_VIEWS } from './TranscriptLines';
import type { TranscriptView } from './TranscriptLines';

interface TranscriptToolbarProps {
  view: TranscriptView;
  onView: (view: TranscriptView) => void;
  hasTranslation: boolean;
  editable: boolean;
  dirty: boolean;
  saving: boolean;
  /** Why a translation cannot be added now, or null when it can. */
  translateBlocked: string | null;
  onAddTranslation: () => void;
  /** Translates every line again into the record's translation language. */
  onTranslateAgain: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onSave: () => void;
}

/** Which text the lines show, adding a translation, and the editing actions with the unsaved-changes mark. */
export function TranscriptToolbar(props: TranscriptToolbarProps) {
  const { view, onView, hasTranslation, editable, dirty, saving, translateBlocked, onAddTranslation, onTranslateAgain, onUndo, onRedo, onSave } = props;
  const { t } = useTranslation();
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
        <Tooltip title={translateBlocked}>
          <Button icon={<TranslationOutlined />} disabled={translateBlocked !== null} onClick={onAddTranslation} data-testid="detail-add-translation">
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
            <Button icon={<UndoOutlined />} onClick={onUndo} data-testid="detail-undo">
              <span className="detail-label">{t('recordDetail.undo')}</span>
            </Button>
            <Tooltip title={t('recordDetail.tools.redo')}>
              <Button icon={<RedoOutlined />} aria-label={t('recordDetail.tools.redo')} onClick={onRedo} data-testid="detail-redo" />
            </Tooltip>
            {/* A red dot on Save while there are unsaved edits, as antd's Badge draws it. */}
            <span className="detail-save">
              <Button
                type="primary"
                icon={<SaveOutlined />}
                disabled={!dirty}
                loading={saving}
                onClick={onSave}
                data-testid="detail-save"
                data-dirty={dirty ? 'yes' : 'no'}
              >
                {t('common.save')}
              </Button>
              {dirty && <sup className="detail-save-dot" />}
            </span>
            <span className="detail-save-state" data-testid="detail-save-state">
              {t(dirty ? 'recordDetail.unsaved' : 'recordDetail.allSaved')}
            </span>
          </>
        )}
      </div>
    </div>
  );
}
