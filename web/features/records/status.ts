import { EDIT_LOCKED_STATUSES } from '../../../contracts/record-vocabulary';
import type { RecordStatus } from '../../../contracts/record-vocabulary';

/**
 * What a record's status means for the pages that show it. While a job or a live meeting still writes the
 * lines the server refuses edits (409), so the detail page shows them read-only; the list and the detail
 * page poll for progress while a job runs.
 */

/** A job is working: show progress rather than a paused meeting's stillness. */
const RUNNING: readonly RecordStatus[] = ['transcribing', 'translating', 'finishing', 'dub_start', 'dubbing'];
/** Failures the retry action (refreshRecord) starts again. */
const RETRYABLE: readonly RecordStatus[] = ['transcription_err', 'translation_err'];

/**
 * Statuses in which a record has no lines yet (a first transcription under way or failed, a meeting not
 * started): exporting or sharing it would hand out an empty file or page, so those actions wait.
 */
const WITHOUT_LINES: readonly RecordStatus[] = ['transcribing', 'transcription_err', 'not_started', 'dub_start'];

export const hasNoLinesYet = (status: RecordStatus) => WITHOUT_LINES.includes(status);
export const isLocked = (status: RecordStatus) => EDIT_LOCKED_STATUSES.includes(status);
export const isRunning = (status: RecordStatus) => RUNNING.includes(status);
export const isRetryable = (status: RecordStatus) => RETRYABLE.includes(status);

/** Status updates reach the detail page (every 2 s while locked) and the lists (every 3 s while a job runs) without reloading. */
export const DETAIL_POLL_MS = 2000;
export const LIST_POLL_MS = 3000;
