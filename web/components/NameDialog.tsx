import { Form, Input, Modal } from 'antd';
import { useState } from 'react';

interface NameDialogProps {
  title: string;
  label: string;
  initialName?: string;
  max: number;
  /** Shown when the name is empty, and as the placeholder (spec §5: the warning asks for the name). */
  requiredMessage: string;
  tooLongMessage: string;
  /** Prefix of the test ids: `${testId}-input` and `${testId}-submit`. */
  testId: string;
  /** Resolves when the server accepted the name; a rejection (already toasted) keeps the dialog open. */
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/**
 * One trimmed, required, length-capped name (folders, records). Mount it to open it: each opening starts
 * from `initialName` with a fresh form.
 */
export function NameDialog({ title, label, initialName = '', max, requiredMessage, tooLongMessage, testId, onSubmit, onClose }: NameDialogProps) {
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);

  const finish = async ({ name }: { name: string }) => {
    setSaving(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch {
      // The request layer showed the server's reason; the user can correct the name.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': `${testId}-submit` }}
      width={420}
    >
      <Form form={form} layout="vertical" initialValues={{ name: initialName }} onFinish={(values) => void finish(values)}>
        <Form.Item
          name="name"
          label={label}
          rules={[
            { required: true, whitespace: true, message: requiredMessage },
            { max, message: tooLongMessage },
          ]}
        >
          <Input autoFocus placeholder={requiredMessage} data-testid={`${testId}-input`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
