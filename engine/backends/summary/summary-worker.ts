/**
 * Worker-thread entry for the offline summary (see ./index.ts): topic segmentation and TextRank are quadratic
 * in a transcript's lines, so an hours-long one is summarised here rather than on the engine's event loop.
 */
import { serveInThread } from '../threads';
import { summarizeExtractive } from './extractive';

serveInThread(summarizeExtractive);
