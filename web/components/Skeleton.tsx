import './skeleton.css';

interface SkeletonProps {
  /** A bar for the title above the lines; true unless told. */
  title?: boolean;
  /** How many lines; three under a title, else two, as antd draws them. */
  paragraph?: { rows: number };
  /** A round picture at the start. */
  avatar?: boolean;
  className?: string;
}

/**
 * Grey bars shimmering where content is on its way, drawn as antd's active Skeleton in plain markup: antd's
 * Skeleton (with its style generator) would weigh 3 KB gzip on every page that shows a placeholder while it
 * loads. It says nothing to screen readers, as antd's says nothing useful.
 */
export function Skeleton({ title = true, paragraph, avatar = false, className }: SkeletonProps) {
  const rows = paragraph?.rows ?? (title && !avatar ? 3 : 2);
  // antd shortens the last line, except under an avatar's title.
  const shortLast = !(avatar && title);
  return (
    <div className={['skeleton', avatar && 'skeleton-with-avatar', className].filter(Boolean).join(' ')} aria-hidden="true">
      {avatar && (
        <div className="skeleton-header">
          <span className="skeleton-avatar" />
        </div>
      )}
      <div className="skeleton-content">
        {title && <div className="skeleton-title" style={{ width: avatar ? '50%' : '38%' }} />}
        <ul className="skeleton-paragraph">
          {Array.from({ length: rows }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder lines, never reordered.
            <li key={i} style={i === rows - 1 && shortLast ? { width: '61%' } : undefined} />
          ))}
        </ul>
      </div>
    </div>
  );
}
