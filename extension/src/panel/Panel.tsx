import { useEffect, useState } from 'react';
import { API } from '../../../contracts/api-paths';
import type { LanguageLists } from '../../../contracts/engine-languages';
import type { VocabularyLibrary } from '../../../contracts/vocabulary';
import type { LiveView, PanelRequest, StartAnswer } from '../protocol';
import { FONT_SIZES, type Settings, loadSettings, loadToken, onSettingsChanged, onTokenChanged, saveSettings } from '../settings';
import { fill, texts } from '../i18n';
import { call, webPage } from '../tingyi';

/**
 * The popup and the side panel: start and stop subtitles on the window's current tab, the running transcript,
 * and the settings (address, languages, vocabulary libraries, the overlay's look).
 */

const ask = (request: PanelRequest) => chrome.runtime.sendMessage(request);

function useStored() {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [view, setView] = useState<LiveView | null>(null);
  useEffect(() => {
    void loadSettings().then(setSettings);
    void loadToken().then(setToken);
    void chrome.storage.session.get('view').then((stored) => setView((stored.view as LiveView | undefined) ?? null));
    onSettingsChanged(setSettings);
    onTokenChanged(setToken);
    const listener = (message: { type: string; view?: LiveView }) => {
      if (message.type === 'live' && message.view) setView(message.view);
    };
    chrome.runtime.onMessage.addListener(listener);
    return () => chrome.runtime.onMessage.removeListener(listener);
  }, []);
  return { settings, token, view };
}

export function Panel({ side }: { side: boolean }) {
  const { settings, token, view } = useStored();
  const [notice, setNotice] = useState<string | null>(null);
  if (!settings) return null;
  const running = view !== null && view.phase !== 'ended';

  const start = async () => {
    setNotice(null);
    const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
    if (tab?.id === undefined) return;
    const answer = (await ask({ type: 'start', tabId: tab.id })) as StartAnswer;
    if (answer.ok) return;
    if (answer.reason === 'pay') setNotice(texts.payNeeded);
    if (answer.reason === 'failed') setNotice(fill(texts.failed, { message: answer.message ?? '' }));
  };

  return (
    <main className={side ? 'panel side' : 'panel'}>
      <header>
        <strong>{texts.name}</strong>
        {token && (
          <button type="button" className="link" onClick={() => void ask({ type: 'signOut' })}>
            {texts.signOut}
          </button>
        )}
      </header>
      {!token ? (
        <section>
          <p>{texts.signedOut}</p>
          <button type="button" className="primary" data-testid="ext-sign-in" onClick={() => void ask({ type: 'signIn' })}>
            {texts.signIn}
          </button>
        </section>
      ) : (
        <section>
          {running ? (
            <button type="button" className="primary" data-testid="ext-stop" onClick={() => void ask({ type: 'stop' })}>
              {texts.stop}
            </button>
          ) : (
            <button type="button" className="primary" data-testid="ext-start" onClick={() => void start()}>
              {texts.start}
            </button>
          )}
          {!side && (
            <button type="button" onClick={() => void chrome.windows.getCurrent().then((w) => chrome.sidePanel.open({ windowId: w.id! }))}>
              {texts.openPanel}
            </button>
          )}
          <p data-testid="ext-phase">{view ? texts.phase[view.phase] : texts.idle}</p>
          {notice && <p className="notice">{notice}</p>}
          {view?.phase === 'ended' && (
            <a href={webPage.record(settings.origin, view.meetingId)} target="_blank" rel="noreferrer" data-testid="ext-record">
              {texts.openRecord}
            </a>
          )}
        </section>
      )}
      {side && view && <Transcript view={view} />}
      <SettingsForm settings={settings} token={token} disabled={running} />
    </main>
  );
}

function Transcript({ view }: { view: LiveView }) {
  return (
    <section className="transcript" data-testid="ext-transcript">
      <h2>{texts.transcript}</h2>
      {view.lines.length === 0 && !view.partial && <p>{texts.transcriptEmpty}</p>}
      {view.lines.map((line) => (
        <p key={line.seq}>
          {line.text}
          {view.language && line.translations[view.language] && <span className="translation">{line.translations[view.language]}</span>}
        </p>
      ))}
      {view.partial && <p className="partial">{view.partial}</p>}
    </section>
  );
}

function useChoices(origin: string, token: string | null) {
  const [languages, setLanguages] = useState<LanguageLists | null>(null);
  const [libraries, setLibraries] = useState<VocabularyLibrary[]>([]);
  useEffect(() => {
    const target = { origin, token };
    void call<LanguageLists>(target, API.languages.meeting).then(setLanguages, () => setLanguages(null));
    if (token)
      void call<{ rows: VocabularyLibrary[] }>(target, API.vocabulary.getDocumentList, { query: { pageNum: 1, pageSize: 100 } }).then(
        (page) => setLibraries(page.rows),
        () => setLibraries([]),
      );
  }, [origin, token]);
  return { languages, libraries };
}

function SettingsForm({ settings, token, disabled }: { settings: Settings; token: string | null; disabled: boolean }) {
  const { languages, libraries } = useChoices(settings.origin, token);
  const [origin, setOrigin] = useState(settings.origin);
  const save = (change: Partial<Settings>) => void saveSettings(change);
  return (
    <details className="settings" open={!token}>
      <summary>{texts.settings}</summary>
      <label>
        {texts.origin}
        <input
          data-testid="ext-origin"
          value={origin}
          placeholder={texts.originHint}
          onChange={(event) => setOrigin(event.target.value)}
          onBlur={() => save({ origin })}
        />
      </label>
      <label>
        {texts.sourceLanguage}
        <select data-testid="ext-source" disabled={disabled} value={settings.sourceLanguage} onChange={(event) => save({ sourceLanguage: event.target.value })}>
          {(languages?.transcribeLanguage ?? [{ code: settings.sourceLanguage, name: settings.sourceLanguage }]).map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {texts.targetLanguage}
        <select data-testid="ext-target" disabled={disabled} value={settings.targetLanguage} onChange={(event) => save({ targetLanguage: event.target.value })}>
          <option value="">{texts.noTranslation}</option>
          {(languages?.translation ?? []).map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
      </label>
      <fieldset disabled={disabled}>
        <legend>{texts.vocabulary}</legend>
        {libraries.length === 0 && <p>{texts.noVocabulary}</p>}
        {libraries.map((library) => (
          <label key={library.id} className="check">
            <input
              type="checkbox"
              checked={settings.documentIds.includes(library.id)}
              onChange={(event) =>
                save({ documentIds: event.target.checked ? [...settings.documentIds, library.id] : settings.documentIds.filter((id) => id !== library.id) })
              }
            />
            {library.name}
          </label>
        ))}
      </fieldset>
      <label>
        {texts.fontSize}
        <input
          type="range"
          min={FONT_SIZES.min}
          max={FONT_SIZES.max}
          value={settings.fontSize}
          onChange={(event) => save({ fontSize: Number(event.target.value) })}
        />
      </label>
      <label>
        {texts.show}
        <select value={settings.show} onChange={(event) => save({ show: event.target.value as Settings['show'] })}>
          <option value="both">{texts.showBoth}</option>
          <option value="source">{texts.showSource}</option>
          <option value="translation">{texts.showTranslation}</option>
        </select>
      </label>
      <label className="check">
        <input type="checkbox" checked={settings.overlayVisible} onChange={(event) => save({ overlayVisible: event.target.checked })} />
        {texts.overlayVisible}
      </label>
    </details>
  );
}
