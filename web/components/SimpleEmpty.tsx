import { Empty } from 'antd';
import type { EmptyProps } from 'antd';

/** antd's small empty state (the simple picture): a module of its own so a page can load it only when shown. */
export default function SimpleEmpty(props: Omit<EmptyProps, 'image'>) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} {...props} />;
}
