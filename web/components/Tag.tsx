import type { HTMLAttributes } from 'react';
import './tag.css';

/** The preset colours the app's tags use: antd's status colours (with this theme's primary) and some of its palette. */
export type TagColor = 'default' | 'processing' | 'success' | 'error' | 'warning' | 'blue' | 'geekblue' | 'cyan' | 'purple' | 'orange' | 'red' | 'gold';

/**
 * A tag drawn as antd's Tag in one of its preset colours, in plain markup: antd's Tag (with its style
 * generator for every palette colour) added 2 KB gzip to each first load that shows a status.
 */
export function Tag({ color = 'default', bordered = true, className, ...props }: HTMLAttributes<HTMLSpanElement> & { color?: TagColor; bordered?: boolean }) {
  return <span className={['tag', `tag-${color}`, !bordered && 'tag-borderless', className].filter(Boolean).join(' ')} {...props} />;
}
