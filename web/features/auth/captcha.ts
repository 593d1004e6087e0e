import type { Point } from './api';

/** The picture's own size: the server checks clicks in these coordinates, whatever size it is shown at. */
export interface PictureSize {
  width: number;
  height: number;
}

/**
 * Maps a click on the rendered picture (viewport coordinates, and the element's box from
 * getBoundingClientRect) to picture coordinates, so a picture scaled down on a phone is answered the same.
 */
export function toPicturePoint(
  click: { clientX: number; clientY: number },
  box: Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>,
  picture: PictureSize,
): Point {
  const x = ((click.clientX - box.left) * picture.width) / box.width;
  const y = ((click.clientY - box.top) * picture.height) / box.height;
  const clamp = (v: number, max: number) => Math.min(Math.max(Math.round(v), 0), max);
  return { x: clamp(x, picture.width), y: clamp(y, picture.height) };
}
