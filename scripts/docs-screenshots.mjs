// Copies the screenshots the end-to-end suite takes (dist/screenshots/) that the docs show into docs/images/,
// so the guides picture the app as it is: run `npm run docs:screenshots` after `npm test` (or the e2e suite)
// and commit what changed. A shot the suite no longer takes is named, and the script exits non-zero.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';

/** docs/images name ← the e2e suite's name. */
export const docsScreenshots = {
  'record-page.png': 'record-detail-en-US-1280.png',
  'record-page-375.png': 'record-detail-zh-CN-375.png',
  'records-zh-CN.png': 'records-zh-CN-1280.png',
  'upload-dialog.png': 'upload-dialog.png',
  'record-summary.png': 'record-summary.png',
  'meeting-console.png': 'meeting-host.png',
  'meeting-projection.png': 'meeting-projection.png',
  'dubbing-editor.png': 'dub-editor.png',
  'share-download.png': 'share-download-en-US-1280.png',
  'pay-dialog.png': 'pay-dialog-en-US-1280.png',
  'extension-overlay.png': 'extension-overlay.png',
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const from = process.argv[2] ?? 'dist/screenshots';
  mkdirSync('docs/images', { recursive: true });
  const missing = Object.values(docsScreenshots).filter((shot) => !existsSync(`${from}/${shot}`));
  for (const [name, shot] of Object.entries(docsScreenshots)) {
    if (existsSync(`${from}/${shot}`)) copyFileSync(`${from}/${shot}`, `docs/images/${name}`);
  }
  if (missing.length > 0) {
    console.error(`Not taken by the end-to-end suite (run it first): ${missing.join(', ')}`);
    process.exit(1);
  }
  console.log(`Copied ${Object.keys(docsScreenshots).length} screenshots into docs/images/`);
}
