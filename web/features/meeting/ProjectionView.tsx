import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Segmented, Select } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { MeetingSummary } from '../../../contracts/meeting';
import { ORIGINAL_ONLY, useTranslationOptions } from './languages';
import { LiveCaptions } from './LiveCaptions';
import { LiveSummaryPanel } from './LiveSummaryPanel';
import { DISPLAY_MODES, FONT_SCALES, FONT_SIZES, useProjectionConfig } from './projection-config';
import type { DisplayMode } from './projection-config';
import { useFittingTopics } from './use-fitting-topics';
import type { MeetingSocket } from './use-meeting-socket';
import { useSpeakerLook } from '../../lib/speaker-look';

/** Controls hide after this long without the pointer moving, leaving only the subtitles on the screen. */
export const CONTROLS_HIDE_MS = 3000;

/**
 * A projected screen (spec §1, §2 /screenProjection, /cast): live captions very large on a dark background,
 * two lines per language rolling up or popping on as the host chose (LiveCaptions), as source, translation or
 * both, in the size the room needs; or, as the host chose for every screen, the meeting's running summary, alone
 * or above the captions. The language and size are kept on the screen (spec §3 screen-casting config).
 * Controls fade away so nothing but the subtitles is projected.
 */
interface ProjectionViewProps {
  meeting: MeetingSummary;
  socket: MeetingSocket;
  /** The translation shown; the page hands it to its socket, which asks the room for it. */
  language: string | null;
  onLanguage: (language: string | null) => void;
}

export function ProjectionView({ meeting, socket, language, onLanguage }: ProjectionViewProps) {
  const { t } = useTranslation();
  const [config, updateConfig] = useProjectionConfig();
  // What the screen shows is the host's choice (the subtitles, the running summary, or the summary above them).
  const view = socket.screen;
  const controls = useAutoHide(CONTROLS_HIDE_MS);
  const screen = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen();

  // "Original" is a display mode here, so the language choice lists languages only.
  const options = useTranslationOptions(socket.languages, meeting.targetLanguages).filter((o) => o.value !== ORIGINAL_ONLY);
  const canTranslate = options.length > 0;
  // Without a translation language there is only the source to show.
  const mode: DisplayMode = canTranslate && language ? config.mode : 'source';

  const status = socket.status ?? meeting.status;
  // Colours over the whole meeting, so a speaker keeps theirs as lines scroll away.
  const look = useSpeakerLook(socket.lines.map((line) => line.speaker));
  const idle = status === 'not_started' ? 'meeting.viewer.waiting' : status === 'paused' ? 'meeting.viewer.paused' : null;
  const style = { '--projection-scale': FONT_SCALES[config.fontSize] } as CSSProperties;
  const [summaryBox, setSummaryBox] = useState<HTMLDivElement | null>(null);
  const fit = useFittingTopics(summaryBox, socket.summary, [view, config.fontSize]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: moving the pointer only brings back the controls, which Tab reaches too.
    <div
      ref={screen}
      className={controls.visible ? 'projection' : 'projection projection-calm'}
      onMouseMove={controls.wake}
      onTouchStart={controls.wake}
      data-testid="projection"
      data-mode={mode}
      data-size={config.fontSize}
    >
      <header className="projection-top">
        <span className="projection-name">{socket.meeting?.name ?? meeting.name}</span>
      </header>
      {/* Outside the header: it must stay visible when the controls fade. */}
      {socket.connection === 'reconnecting' && (
        <p className="projection-note projection-alert" role="status">
          {t('meeting.states.reconnecting')}
        </p>
      )}

      {socket.recognitionLost && (
        <p className="projection-note projection-alert" role="status" data-testid="meeting-recognition-lost">
          {t('meeting.states.recognitionLost')} {t('meeting.states.recognitionLostViewer')}
        </p>
      )}

      {socket.lagSeconds > 0 && (
        <p className="projection-note projection-alert" role="status" data-testid="meeting-lag">
          {t('meeting.states.lagging', { seconds: socket.lagSeconds })}
        </p>
      )}

      {socket.problem && (
        <p className="projection-note projection-alert" role="alert" data-testid="projection-problem">
          {socket.problem.msg}
        </p>
      )}

      <main className="projection-stage" style={style} aria-live="polite" data-view={view}>
        {view !== 'subtitles' && (
          <div className="projection-summary" ref={setSummaryBox} data-testid="projection-summary">
            <LiveSummaryPanel summary={socket.summary} foldable={false} skipTopics={fit.skipTopics} brief={fit.brief} />
          </div>
        )}
        {view === 'summary' ? null : socket.lines.length === 0 && !socket.partial?.text ? (
          <p className="projection-idle" data-testid="projection-idle">
            {t(idle ?? 'meeting.projection.listening')}
          </p>
        ) : (
          <>
            <LiveCaptions
              lines={socket.lines}
              partial={socket.partial}
              style={socket.captions}
              language={mode === 'source' ? null : language}
              show={mode === 'bilingual' ? 'both' : mode}
              look={look}
            />
            {idle && <p className="projection-note">{t(idle)}</p>}
          </>
        )}
      </main>

      <footer
        className="projection-controls"
        onMouseEnter={controls.hold}
        onMouseLeave={controls.wake}
        aria-hidden={!controls.visible}
        data-testid="projection-controls"
      >
        {canTranslate && (
          <>
            <Segmented<DisplayMode>
              value={config.mode}
              onChange={(next) => updateConfig({ mode: next })}
              options={DISPLAY_MODES.map((value) => ({ value, label: t(`meeting.projection.modes.${value}`) }))}
              data-testid="projection-mode"
            />
            <Select<string>
              value={language ?? undefined}
              onChange={onLanguage}
              placeholder={t('meeting.viewer.translation')}
              options={options}
              popupMatchSelectWidth={false}
              aria-label={t('meeting.viewer.translation')}
              data-testid="projection-language"
            />
          </>
        )}
        <Segmented
          value={config.fontSize}
          onChange={(next) => updateConfig({ fontSize: next })}
          options={FONT_SIZES.map((value) => ({ value, label: t(`meeting.projection.sizes.${value}`) }))}
          aria-label={t('meeting.viewer.fontSize')}
          data-testid="projection-size"
        />
        {fullscreen.supported && (
          <Button
            icon={fullscreen.active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={() => fullscreen.toggle(screen.current)}
            data-testid="projection-fullscreen"
          >
            {t(fullscreen.active ? 'meeting.projection.exitFullscreen' : 'meeting.projection.fullscreen')}
          </Button>
        )}
      </footer>
    </div>
  );
}

/** Visible on any movement, hidden `ms` after the last one; held open while the pointer rests on them. */
function useAutoHide(ms: number) {
  const [visible, setVisible] = useState(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const wake = useCallback(() => {
    setVisible(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setVisible(false), ms);
  }, [ms]);
  const hold = useCallback(() => {
    setVisible(true);
    clearTimeout(timer.current);
  }, []);
  useEffect(() => {
    wake();
    return () => clearTimeout(timer.current);
  }, [wake]);
  return { visible, wake, hold };
}

function useFullscreen() {
  const [active, setActive] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setActive(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = (element: HTMLElement | null) => {
    const done = document.fullscreenElement ? document.exitFullscreen() : element?.requestFullscreen();
    // A refusal (no gesture, a policy) leaves the screen as it was; nothing to tell the audience.
    void done?.catch((error: unknown) => console.warn('[projection] fullscreen refused', error));
  };
  return { supported: Boolean(document.fullscreenEnabled), active, toggle };
}
