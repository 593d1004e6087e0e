import type { TFunction } from 'i18next';
import { formatTimecode } from '../../../contracts/timecode';
import { refusedLine } from '../../../contracts/timeline';
import type { RefusedLine } from '../../../contracts/timeline';
import { isRequestError } from '../../lib/request';
import type { Refusal } from './transcript-edit';

/**
 * How an editor (the record detail page's and the dubbing editor's) tells a refused edit: by the line's number
 * as the editor shows it and times as its fields show them, with what to type instead; a save the server
 * refused is taken to the line the server names.
 */

/** A line pointed at with what is wrong with it; `key` is the line's key in the editor (its id for saved lines). */
export interface LineFlag {
  key: number;
  message: string;
}

interface Shown {
  withHours: boolean;
  /** The number the editor shows for the line at an index (the dubbing editor shows a page of the project). */
  numberOf?: (index: number) => number;
}

export function refusalText(t: TFunction, refusal: Refusal, { withHours, numberOf = (index) => index + 1 }: Shown): string {
  return t(`recordDetail.errors.${refusal.error}`, {
    n: refusal.line === undefined ? '' : numberOf(refusal.line),
    other: refusal.other === undefined ? '' : numberOf(refusal.other),
    time: refusal.at === undefined ? '' : formatTimecode(refusal.at, withHours),
  });
}

/** The line a save refused by the server names (worker/services/line-rules.ts), with the server's words; else null. */
export function refusedSave(error: unknown): (RefusedLine & { message: string }) | null {
  if (!isRequestError(error, 'business')) return null;
  const line = refusedLine((error.data as { data?: unknown } | null)?.data);
  return line && { ...line, message: error.message };
}
