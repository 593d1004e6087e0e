import { useState } from 'react';

/** How a projected screen shows the subtitles, remembered on that screen (spec §3 "screen-casting config"). */

export const DISPLAY_MODES = ['source', 'translation', 'bilingual'] as const;
export type DisplayMode = (typeof DISPLAY_MODES)[number];

/** Each size scales the screen-relative base size of the projection's CSS. */
export const FONT_SCALES = { S: 0.75, M: 1, L: 1.35, XL: 1.75 } as const;
export type FontSize = keyof typeof FONT_SCALES;
export const FONT_SIZES = Object.keys(FONT_SCALES) as FontSize[];

export interface ProjectionConfig {
  mode: DisplayMode;
  fontSize: FontSize;
}

export const SCREEN_CASTING_STORAGE_KEY = 'screenCastingConfig';
const DEFAULT_CONFIG: ProjectionConfig = { mode: 'bilingual', fontSize: 'L' };

function readProjectionConfig(): ProjectionConfig {
  try {
    const stored = JSON.parse(localStorage.getItem(SCREEN_CASTING_STORAGE_KEY) ?? '{}') as Partial<ProjectionConfig>;
    return {
      mode: DISPLAY_MODES.includes(stored.mode as DisplayMode) ? (stored.mode as DisplayMode) : DEFAULT_CONFIG.mode,
      fontSize: FONT_SIZES.includes(stored.fontSize as FontSize) ? (stored.fontSize as FontSize) : DEFAULT_CONFIG.fontSize,
    };
  } catch {
    return DEFAULT_CONFIG; // storage disabled or garbled: start from the defaults
  }
}

export function useProjectionConfig(): [ProjectionConfig, (change: Partial<ProjectionConfig>) => void] {
  const [config, setConfig] = useState(readProjectionConfig);
  const update = (change: Partial<ProjectionConfig>) => {
    const next = { ...config, ...change };
    setConfig(next);
    try {
      localStorage.setItem(SCREEN_CASTING_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Storage disabled: the choice holds for this page only.
    }
  };
  return [config, update];
}
