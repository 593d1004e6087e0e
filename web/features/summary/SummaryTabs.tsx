import { useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';

/**
 * The summary's four tabs, drawn as antd's small Tabs look, in plain markup (antd's Tabs would add 11 KB to
 * the record page's first load). A tab's panel is made the first time it is opened and kept after, so a
 * mind map keeps its zoom when the reader looks at another tab and comes back.
 */
export function SummaryTabs({ items }: { items: { key: string; label: string; children: ReactNode }[] }) {
  const [active, setActive] = useState(items[0]!.key);
  const [opened, setOpened] = useState(() => new Set([active]));
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();

  const open = (index: number) => {
    const key = items[index]!.key;
    setActive(key);
    setOpened((keys) => (keys.has(key) ? keys : new Set(keys).add(key)));
    tabs.current[index]?.focus();
  };
  // The keys of the WAI-ARIA tabs pattern: the arrows move along the row, Home and End to its ends.
  const onKey = (event: KeyboardEvent, index: number) => {
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: items.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    open((to + items.length) % items.length);
  };

  return (
    <div className="summary-tabs">
      <div className="summary-tab-list" role="tablist">
        {items.map((item, index) => (
          <button
            key={item.key}
            ref={(el) => {
              tabs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${item.key}`}
            aria-selected={item.key === active}
            aria-controls={`${id}-panel-${item.key}`}
            tabIndex={item.key === active ? 0 : -1}
            className="summary-tab"
            onClick={() => open(index)}
            onKeyDown={(event) => onKey(event, index)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {items
        .filter((item) => opened.has(item.key))
        .map((item) => (
          <div
            key={item.key}
            role="tabpanel"
            id={`${id}-panel-${item.key}`}
            aria-labelledby={`${id}-tab-${item.key}`}
            hidden={item.key !== active}
            className="summary-tab-panel"
          >
            {item.children}
          </div>
        ))}
    </div>
  );
}
