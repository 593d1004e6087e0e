import type { ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts and confirmations: antd's message and modal, drawn inside the app's theme and locale by
 * `FeedbackOutlet`. Their code (with antd's dialog and notice machinery, ~15 KB gzip) loads when the app first
 * says or asks something, not with every page; what is said before it arrives is said once it has.
 */
type Level = 'success' | 'error' | 'warning' | 'info';

export interface Feedback {
  message: Pick<MessageInstance, Level>;
  modal: { confirm: (props: ModalFuncProps) => unknown };
}

type Say = { [L in Level]: (...args: Parameters<MessageInstance[L]>) => void };

let mountHost: (() => Promise<Feedback>) | null = null;
let host: Promise<Feedback> | null = null;

/** The outlet hands over how to mount the real host; a new outlet (a new app root) starts afresh. */
export function setFeedbackHost(mount: (() => Promise<Feedback>) | null) {
  mountHost = mount;
  host = null;
}

function withHost(use: (feedback: Feedback) => void) {
  if (!mountHost) throw new Error('useFeedback() needs a FeedbackOutlet above it');
  host ??= mountHost();
  void host.then(use);
}

const LEVELS: Level[] = ['success', 'error', 'warning', 'info'];
const message = Object.fromEntries(
  LEVELS.map((level) => [level, (...args: unknown[]) => withHost(({ message }) => (message[level] as (...a: unknown[]) => unknown)(...args))]),
) as Say;
const modal = { confirm: (props: ModalFuncProps) => withHost((feedback) => void feedback.modal.confirm(props)) };
const feedback = { message, modal };

/** What components say (`message.success(…)`) and ask (`modal.confirm({…})`). */
export function useFeedback() {
  return feedback;
}
