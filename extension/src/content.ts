import type { OverlayMessage, OverlayText } from './protocol';
import { type Settings, loadSettings, onSettingsChanged, saveSettings } from './settings';

/**
 * The subtitles over the page: the line being heard and its translation, in a box the user drags anywhere
 * (kept in the settings), at the chosen size, one or both languages, hidden on request. It follows the page
 * into full screen by moving into the full-screen element, the only part of a page shown then.
 */

const HOST_ID = 'tingyi-subtitles';

const STYLE = `
:host { all: initial; }
.box { position: fixed; z-index: 2147483647; transform: translate(-50%, -100%); max-width: min(90vw, 960px);
  padding: 6px 14px; border-radius: 8px; background: rgba(0, 0, 0, 0.72); color: #fff; cursor: move;
  font-family: system-ui, sans-serif; line-height: 1.35; text-align: center; user-select: none; touch-action: none; }
.box[hidden] { display: none; }
.translation { color: #ffd666; }
.line:empty { display: none; }
`;

let settings: Settings;
let text: OverlayText | null = null;
const host = document.createElement('div');
host.id = HOST_ID;
const root = host.attachShadow({ mode: 'open' });
root.innerHTML = `<style>${STYLE}</style><div class="box" hidden data-testid="tingyi-overlay"><div class="line source" data-testid="tingyi-source"></div><div class="line translation" data-testid="tingyi-translation"></div></div>`;
const box = root.querySelector<HTMLDivElement>('.box')!;
const sourceLine = root.querySelector<HTMLDivElement>('.source')!;
const translationLine = root.querySelector<HTMLDivElement>('.translation')!;

function render() {
  box.hidden = !settings.overlayVisible || !text;
  if (!text) return;
  sourceLine.textContent = settings.show === 'translation' && text.translation ? '' : text.source;
  translationLine.textContent = settings.show === 'source' ? '' : text.translation;
  box.style.fontSize = `${settings.fontSize}px`;
  const { x, y } = settings.position ?? { x: 50, y: 90 };
  box.style.left = `${x}%`;
  box.style.top = `${y}%`;
}

/** Inside the full-screen element when there is one (a <video> itself takes no children: then the page). */
function place() {
  const full = document.fullscreenElement;
  const parent = full && !(full instanceof HTMLVideoElement) ? full : document.documentElement;
  if (host.parentElement !== parent) parent.appendChild(host);
}

box.addEventListener('pointerdown', (down) => {
  box.setPointerCapture(down.pointerId);
  const move = (event: PointerEvent) => {
    settings = {
      ...settings,
      position: { x: (event.clientX / window.innerWidth) * 100, y: ((event.clientY + box.offsetHeight / 2) / window.innerHeight) * 100 },
    };
    render();
  };
  const up = () => {
    box.removeEventListener('pointermove', move);
    void saveSettings({ position: settings.position });
  };
  box.addEventListener('pointermove', move);
  box.addEventListener('pointerup', up, { once: true });
});

// Injected again into a tab that already has it (see the service worker's ensureOverlay): the first one stays.
if (!document.getElementById(HOST_ID)) {
  void loadSettings().then((loaded) => {
    settings = loaded;
    place();
    render();
  });
  onSettingsChanged((next) => {
    settings = next;
    render();
  });
  document.addEventListener('fullscreenchange', place);
  chrome.runtime.onMessage.addListener((message: OverlayMessage | { type: 'ping' }, _sender, reply) => {
    if (message.type === 'ping') reply(true);
    if (message.type === 'overlay') {
      text = message.text;
      if (settings) render();
    }
    return false;
  });
}
