import { Spin } from 'antd';

/** Shown while the first route's guard and code load. */
export function PageSpinner() {
  return (
    <div className="page-spinner">
      <Spin size="large" />
    </div>
  );
}
