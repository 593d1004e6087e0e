/**
 * The word timings of a record's transcript, kept in R2 beside the record (not in D1, which holds only the
 * lines) and fetched by the record page so a click on a word plays from it. Each entry names the line it
 * was heard for by position and text: an edited line no longer matches its words, and the page then seeks
 * proportionally within the line instead.
 */

export interface TimedWord {
  word: string;
  /** Milliseconds from the start of the media. */
  start: number;
  end: number;
}

export interface LineWords {
  /** The line's position in the transcript as it was assembled. */
  seq: number;
  /** The line's text as it was assembled: words belong to a line only while its text is still this. */
  text: string;
  words: TimedWord[];
}

export interface RecordWords {
  lines: LineWords[];
}
