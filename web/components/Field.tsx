import type { ReactNode } from 'react';
import './field.css';

interface FieldProps {
  /** The control's id: the label names it, and is `${id}-label` for controls that are not inputs. */
  id: string;
  label: ReactNode;
  /** Why the value is refused, in the user's words; shown above `extra`. */
  error?: string;
  /** Help under the control. */
  extra?: ReactNode;
  children: ReactNode;
}

/**
 * A labelled field drawn as antd's vertical Form.Item is (label above, refusal and help below), for first
 * screens whose few rules do not warrant antd Form's ~30 KB gzip.
 */
export function Field({ id, label, error, extra, children }: FieldProps) {
  return (
    <div className={error ? 'field field-has-error' : 'field'}>
      <label className="field-label" htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      {children}
      {error && (
        <div className="field-error" role="alert">
          {error}
        </div>
      )}
      {extra && <div className="field-extra">{extra}</div>}
    </div>
  );
}
