/**
 * The media length of a file, read in the browser before anything is sent (spec §5: a file longer than the
 * limit, or whose length cannot be read, is not added). Replaceable because test DOMs cannot decode media.
 */

export type DurationReader = (file: File) => Promise<number>;

/** Seconds from a media element's metadata; rejects when the browser cannot read the file. */
export const readWithMediaElement: DurationReader = (file) =>
  new Promise((resolve, reject) => {
    // A video element reads audio-only files too.
    const media = document.createElement('video');
    const url = URL.createObjectURL(file);
    const settle = () => {
      URL.revokeObjectURL(url);
      media.removeAttribute('src');
      media.load();
    };
    media.preload = 'metadata';
    media.onloadedmetadata = () => {
      const seconds = media.duration;
      settle();
      // Some streams report Infinity until played through: as good as unreadable here.
      if (Number.isFinite(seconds)) resolve(seconds);
      else reject(new Error(`no length in ${file.name}`));
    };
    media.onerror = () => {
      settle();
      reject(new Error(`cannot read ${file.name}`));
    };
    media.src = url;
  });

let reader: DurationReader = readWithMediaElement;

export function readDuration(file: File): Promise<number> {
  return reader(file);
}

/** Swaps the reader (tests); no argument restores the media-element one. */
export function setDurationReader(next: DurationReader = readWithMediaElement): void {
  reader = next;
}
