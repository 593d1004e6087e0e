// Chromium with the unpacked browser plugin, and the user's click on its toolbar button: shared by the
// end-to-end test and the tab → subtitle latency bench.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import WebSocket from 'ws';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

/** The unpacked plugin's id, fixed by its manifest's `key`. */
export const EXTENSION_ID = 'bfddpdhcjfmpbphihllboljimlliaoah';
const POPUP_URL = `chrome-extension://${EXTENSION_ID}/popup.html`;

/**
 * Polls `probe` until it gives a value (not null/undefined/false), or fails after `timeoutMs` naming `what`.
 * @template T
 * @param {() => Promise<T | null | undefined | false>} probe
 * @param {string} what
 * @param {number} [timeoutMs]
 * @returns {Promise<T>}
 */
async function waitFor(probe, what, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A DevTools protocol connection to the whole browser (Playwright's persistent context gives none). */
class BrowserProtocol {
  /** @param {WebSocket} socket */
  constructor(socket) {
    this.socket = socket;
    this.next = 0;
    /** @type {Map<number, { resolve: (value: any) => void, reject: (error: Error) => void }>} */
    this.pending = new Map();
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error) waiting.reject(new Error(`${message.error.message} (${message.error.code})`));
      else waiting.resolve(message.result);
    });
  }

  /**
   * @param {string} method
   * @param {Record<string, unknown>} [params]
   * @param {string} [sessionId] a target attached with `flatten`
   * @returns {Promise<any>}
   */
  send(method, params = {}, sessionId) {
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  }
}

/**
 * Headless Chromium with the unpacked plugin in `extensionDir`, and a way to click its toolbar button. The
 * click is DevTools' `Extensions.triggerAction` on the tab (what the browser does when a person clicks the
 * button: the popup opens and the plugin may capture that tab), which needs the browser's DevTools endpoint
 * (`--remote-debugging-port=0`, its port read back from the profile) and `--enable-unsafe-extension-debugging`.
 * @param {string} extensionDir
 * @param {{ viewport?: { width: number, height: number }, locale?: string }} [options]
 */
export async function launchWithExtension(extensionDir, options = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'tingyi-extension-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: false,
    ...options,
    args: [
      ...CHROMIUM_ARGS.filter((arg) => arg !== '--headless'),
      '--headless=new',
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      '--remote-debugging-port=0',
      '--enable-unsafe-extension-debugging',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  const portFile = join(profile, 'DevToolsActivePort');
  const [port, path] = await waitFor(async () => existsSync(portFile) && readFileSync(portFile, 'utf8').split('\n'), 'the DevTools endpoint');
  const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const browser = new BrowserProtocol(socket);
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));

  /**
   * A DevTools session on one target (a page of the plugin's, such as its offscreen document), and a way to run
   * an expression there (its value returned, promises awaited).
   * @param {string} targetId
   */
  async function attach(targetId) {
    const { sessionId } = await browser.send('Target.attachToTarget', { targetId, flatten: true });
    /** @param {string} expression */
    const evaluate = async (expression) =>
      (await browser.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true }, sessionId)).result.value;
    return { evaluate, sessionId };
  }

  /**
   * Runs an expression in the plugin's page at `path` (e.g. `offscreen.html`, which Playwright does not list).
   * @param {string} path
   * @param {string} expression
   */
  async function evaluateInPage(path, expression) {
    const url = `chrome-extension://${EXTENSION_ID}/${path}`;
    const target = await waitFor(
      async () => (await browser.send('Target.getTargets')).targetInfos.find((/** @type {{ url: string }} */ t) => t.url === url),
      url,
    );
    const { evaluate, sessionId } = await attach(target.targetId);
    try {
      return await evaluate(expression);
    } finally {
      await browser.send('Target.detachFromTarget', { sessionId });
    }
  }

  /**
   * Clicks the toolbar button over `page` (made the active tab first) and returns the popup that opens.
   * @param {import('playwright-core').Page} page
   */
  async function clickAction(page) {
    const url = page.url();
    const tabs = (await browser.send('Target.getTargets', { filter: [{ type: 'tab' }] })).targetInfos.filter(
      (/** @type {{ url: string }} */ t) => t.url === url,
    );
    if (tabs.length !== 1) throw new Error(`${tabs.length} tabs show ${url}: the toolbar click needs exactly one`);
    const before = new Set((await browser.send('Target.getTargets')).targetInfos.map((/** @type {{ targetId: string }} */ t) => t.targetId));
    await page.bringToFront();
    await browser.send('Extensions.triggerAction', { id: EXTENSION_ID, targetId: tabs[0].targetId });
    const popup = await waitFor(
      async () =>
        (await browser.send('Target.getTargets')).targetInfos.find(
          (/** @type {{ targetId: string, url: string }} */ t) => !before.has(t.targetId) && t.url === POPUP_URL,
        ),
      'the toolbar popup',
    );
    const { evaluate, sessionId } = await attach(popup.targetId);
    return {
      /**
       * A person's click (mouse down and up at its middle) on the popup's element with this test id, once shown.
       * @param {string} testId
       */
      async click(testId) {
        const { x, y } = await waitFor(
          () =>
            evaluate(`(() => {
              const box = document.querySelector('[data-testid="${testId}"]')?.getBoundingClientRect();
              return box && box.width > 0 ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
            })()`),
          `${testId} in the toolbar popup`,
        );
        for (const type of ['mousePressed', 'mouseReleased'])
          await browser.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', clickCount: 1 }, sessionId);
      },
      /**
       * The text of the popup's element with this test id ('' while there is none).
       * @param {string} testId
       * @returns {Promise<string>}
       */
      text: (testId) => evaluate(`document.querySelector('[data-testid="${testId}"]')?.textContent ?? ''`),
    };
  }

  return {
    context,
    /** The plugin's service worker. */
    worker,
    clickAction,
    evaluateInPage,
    close: async () => {
      socket.close();
      // A browser that already went away (crashed under load) must not hide the error that ended the run.
      await context.close().catch(() => undefined);
    },
  };
}
