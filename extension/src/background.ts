import { API } from '../../contracts/api-paths';
import { PAYMENT_CODES } from '../../contracts/errors';
import type { MeetingDetail } from '../../contracts/meeting';
import type { CreateMeetingBody } from '../../contracts/meeting-calls';
import type { MediaSubtitlesAnswer } from '../../contracts/plugin-media';
import { SOURCE } from '../../contracts/constants';
import { RECORD_NAME_MAX, isPageAddress } from '../../contracts/record-vocabulary';
import type { LiveView, OffscreenReport, OffscreenRequest, OverlayMessage, PanelRequest, SignInHandOff, StartAnswer } from './protocol';
import { overlayText } from './protocol';
import { loadSettings, loadToken, saveToken } from './settings';
import { TingyiError, call, webPage } from './tingyi';

/**
 * The extension's service worker: starts a live session for a tab (a Tingyi meeting charged as the plugin's
 * real-time subtitles), hands the tab's audio to the offscreen document, passes subtitles on to the tab's
 * overlay, takes the token the web app hands over, and opens the pay dialog when the minutes run out.
 */

const OFFSCREEN_URL = 'offscreen.html';

chrome.runtime.onMessageExternal.addListener((message: SignInHandOff, sender, reply) => {
  void (async () => {
    const { origin } = await loadSettings();
    // Only the Tingyi address the user chose may sign the extension in.
    if (message?.type !== 'tingyi-sign-in' || sender.origin !== origin || typeof message.token !== 'string') return reply({ ok: false });
    await saveToken(message.token);
    reply({ ok: true });
  })();
  return true;
});

chrome.runtime.onMessage.addListener((message: PanelRequest | OffscreenReport, sender, reply) => {
  // The offscreen document's requests are its own; a panel's come from an extension page.
  if (sender.id !== chrome.runtime.id) return false;
  switch (message.type) {
    case 'start':
      void start(message.tabId).then(reply);
      return true;
    case 'stop':
      void stop().then(() => reply({ ok: true }));
      return true;
    case 'signIn':
      void openSignIn().then(() => reply({ ok: true }));
      return true;
    case 'signOut':
      void saveToken(null).then(() => reply({ ok: true }));
      return true;
    case 'live':
      void showLive(message.view);
      return false;
    case 'captureFailed':
      void closeOffscreen();
      return false;
  }
  return false;
});

chrome.tabs.onRemoved.addListener((tabId) => {
  void currentView().then((view) => (view?.tabId === tabId && view.phase !== 'ended' ? stop() : undefined));
});

async function openSignIn() {
  const { origin } = await loadSettings();
  await chrome.tabs.create({ url: webPage.signIn(origin, chrome.runtime.id) });
}

async function start(tabId: number): Promise<StartAnswer> {
  const settings = await loadSettings();
  const token = await loadToken();
  if (!token) {
    await openSignIn();
    return { ok: false, reason: 'signIn' };
  }
  const target = { origin: settings.origin, token };
  try {
    if ((await currentView())?.phase !== 'ended') await stop();
    // A duration package needs at least a minute left; members are unlimited.
    await call<MediaSubtitlesAnswer>(target, API.pluginMedia.cost, { method: 'POST', body: { seconds: 60 } });
    const tab = await chrome.tabs.get(tabId);
    const title = (tab.title || tab.url || 'Tingyi').slice(0, RECORD_NAME_MAX);
    const body: CreateMeetingBody = {
      name: title,
      mode: 'interpret',
      sourceLanguage: settings.sourceLanguage,
      targetLanguages: settings.targetLanguage ? [settings.targetLanguage] : [],
      documentIds: settings.documentIds,
      source: SOURCE.plugin,
      // The page's address is the record's note, when it is one a record can link to.
      ...(tab.url && isPageAddress(tab.url) ? { sourceUrl: tab.url } : {}),
    };
    const meeting = await call<MeetingDetail>(target, API.meetings.create, { method: 'POST', body });
    const streamId = await chrome.tabCapture.getMediaStreamId({ targetTabId: tabId });
    await ensureOffscreen();
    await ensureOverlay(tabId);
    const request: OffscreenRequest = {
      type: 'capture',
      target: 'offscreen',
      streamId,
      meetingId: meeting.id,
      tabId,
      title,
      origin: settings.origin,
      token,
      language: settings.targetLanguage || null,
    };
    await chrome.runtime.sendMessage(request);
    await chrome.storage.session.set({ page: { tabId, url: tab.url ?? '' } });
    return { ok: true };
  } catch (error) {
    if (error instanceof TingyiError && error.code === 401) {
      await saveToken(null);
      await openSignIn();
      return { ok: false, reason: 'signIn' };
    }
    if (error instanceof TingyiError && PAYMENT_CODES.includes(error.code)) {
      await chrome.tabs.create({ url: webPage.pay(settings.origin) });
      return { ok: false, reason: 'pay', message: error.message };
    }
    return { ok: false, reason: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

async function stop() {
  if (!(await chrome.offscreen.hasDocument())) return;
  await chrome.runtime.sendMessage({ type: 'end', target: 'offscreen' } satisfies OffscreenRequest).catch(() => undefined);
}

async function currentView(): Promise<LiveView | null> {
  return ((await chrome.storage.session.get('view')).view as LiveView | undefined) ?? null;
}

let payOpenedFor: number | null = null;

async function showLive(view: LiveView) {
  // The overlay first: storing the view (for a panel opened later) must not hold up the subtitle.
  const message: OverlayMessage = { type: 'overlay', text: view.phase === 'ended' ? null : overlayText(view) };
  await Promise.all([chrome.tabs.sendMessage(view.tabId, message).catch(() => undefined), chrome.storage.session.set({ view })]);
  // The room paused the session because the minutes ran out: the pay dialog, once per session.
  if (view.problem && PAYMENT_CODES.includes(view.problem.code) && payOpenedFor !== view.meetingId) {
    payOpenedFor = view.meetingId;
    await chrome.tabs.create({ url: webPage.pay((await loadSettings()).origin) });
  }
  if (view.phase === 'ended') await closeOffscreen();
}

async function ensureOffscreen() {
  if (await chrome.offscreen.hasDocument()) return;
  await chrome.offscreen.createDocument({
    url: OFFSCREEN_URL,
    reasons: [chrome.offscreen.Reason.USER_MEDIA, chrome.offscreen.Reason.AUDIO_PLAYBACK],
    justification: 'Captures the tab the user started subtitles on, plays it back and streams it to Tingyi.',
  });
}

async function closeOffscreen() {
  if (await chrome.offscreen.hasDocument()) await chrome.offscreen.closeDocument();
}

/** Tabs opened before the extension was installed have no overlay script yet. */
async function ensureOverlay(tabId: number) {
  const present = await chrome.tabs.sendMessage(tabId, { type: 'ping' }).catch(() => false);
  if (!present) await chrome.scripting.executeScript({ target: { tabId }, files: ['content.js'] });
}
