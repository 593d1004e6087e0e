import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';

dayjs.extend(localizedFormat);

const pad = (n: number) => String(n).padStart(2, '0');

/** A length in seconds as m:ss under an hour, h:mm:ss from an hour on. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}

/** A moment (epoch ms) in the interface locale, e.g. "Nov 22, 2026 12:25 PM" or "2026年11月22日 12:25". */
export function formatTime(ms: number): string {
  return dayjs(ms).format('lll');
}

export function formatDate(ms: number): string {
  return dayjs(ms).format('ll');
}
