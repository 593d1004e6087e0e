import { Avatar } from 'antd';
import type { UserInfo } from '../lib/session';

/** The user's picture, or the first letter of their name on the brand gradient. */
export function UserAvatar({ user, size }: { user: Pick<UserInfo, 'name' | 'avatar'>; size?: number }) {
  return (
    <Avatar size={size} src={user.avatar || undefined} className="user-avatar">
      {user.name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}
