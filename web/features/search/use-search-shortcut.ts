import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from '../../lib/paths';

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Ctrl/Cmd+K anywhere, or "/" outside a text box, opens search across records. */
export function useSearchShortcut() {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const combo = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !typing(event.target);
      if (!combo && !slash) return;
      event.preventDefault();
      navigate(PATHS.search);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);
}
