import { Modal, message } from 'antd';
import { useEffect } from 'react';
import type { Feedback } from '../lib/feedback';

/** antd's message and modal hooks, rendered where they take the app's theme and locale. */
export default function FeedbackHost({ onReady }: { onReady: (feedback: Feedback) => void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => onReady({ message: messageApi, modal: modalApi }), [onReady, messageApi, modalApi]);
  return (
    <>
      {messageHolder}
      {modalHolder}
    </>
  );
}
