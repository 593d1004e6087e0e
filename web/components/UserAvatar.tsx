import { useState } from 'react';
import type { UserInfo } from '../lib/session';

/**
 * The user's picture, or the first letter of their name on the brand gradient (also when the picture fails
 * to load). Plain markup drawn like antd's Avatar: that one brings its group's popover engine to the header of
 * every page.
 */
export function UserAvatar({ user, size }: { user: Pick<UserInfo, 'name' | 'avatar'>; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  // As antd sizes it: 32 px with the body's font size, or a given size with an 18 px letter.
  const box = size ? { width: size, height: size, lineHeight: `${size - 2}px`, fontSize: 18 } : { width: 32, height: 32, lineHeight: '30px' };
  if (user.avatar && failed !== user.avatar) {
    return <img className="user-avatar" src={user.avatar} alt="" style={box} onError={() => setFailed(user.avatar)} />;
  }
  return (
    <span className="user-avatar" style={box}>
      {user.name.slice(0, 1).toUpperCase()}
    </span>
  );
}
