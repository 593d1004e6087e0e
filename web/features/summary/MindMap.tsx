import { CompressOutlined, FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { Markmap } from 'markmap-view';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MindMapNode } from '../../../contracts/summary';
import { Tooltip } from '../../components/Tooltip';
import { markmapTree } from './mind-map-tree';

export interface MindMapProps {
  root: MindMapNode;
  onSeek: (ms: number) => void;
}

/** Fitting a map into a hidden tab (no size yet) would shrink it to nothing. */
function fitIfShown(map: Markmap | null, svg: SVGSVGElement | null) {
  if (!map || !svg) return;
  const { width, height } = svg.getBoundingClientRect();
  if (width > 0 && height > 0) void map.fit();
}

/**
 * The summary's mind map, drawn by markmap: pan, zoom, fold a branch, click a text to play from there.
 * This module is loaded only when the tab is opened, so markmap and d3 stay out of the record page's chunk.
 */
export default function MindMap({ root, onSeek }: MindMapProps) {
  const { t } = useTranslation();
  const svgRef = useRef<SVGSVGElement>(null);
  const mapRef = useRef<Markmap | null>(null);
  const data = useMemo(() => markmapTree(root), [root]);
  // The side column is narrow (and a phone narrower): the map can take the whole window; Escape gives it back.
  const [full, setFull] = useState(false);
  useEffect(() => {
    if (!full) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setFull(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [full]);

  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    // The side column is narrow: close columns and wrapped texts keep the map readable once fitted.
    const map = Markmap.create(svg, { duration: 300, maxWidth: 160, spacingHorizontal: 40, spacingVertical: 8 });
    mapRef.current = map;
    // The tab's size changes with the window and when the tab is shown again after being hidden.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => fitIfShown(map, svg), 100);
    });
    observer.observe(svg);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
      map.destroy();
      mapRef.current = null;
    };
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    void map.setData(data).then(() => fitIfShown(map, svgRef.current));
  }, [data]);

  const seekFromNode = (event: MouseEvent<SVGSVGElement>) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-start]') : null;
    const start = Number(target?.dataset.start);
    if (target && Number.isFinite(start)) onSeek(start);
  };

  return (
    <div className={full ? 'summary-mind-map full' : 'summary-mind-map'} data-testid="summary-mind-map-frame">
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a mouse shortcut; the chapters and key points tabs seek by keyboard. */}
      <svg
        ref={svgRef}
        className="summary-mind-map-svg"
        data-testid="summary-mind-map"
        onClick={seekFromNode}
        role="img"
        aria-label={t('summary.tabs.mindMap')}
      />
      <span className="summary-mind-map-tools">
        <Tooltip title={t('summary.fit')}>
          <Button
            size="small"
            icon={<CompressOutlined />}
            aria-label={t('summary.fit')}
            onClick={() => fitIfShown(mapRef.current, svgRef.current)}
            data-testid="summary-mind-map-fit"
          />
        </Tooltip>
        <Tooltip title={t(full ? 'summary.exitFullScreen' : 'summary.fullScreen')}>
          <Button
            size="small"
            icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            aria-label={t(full ? 'summary.exitFullScreen' : 'summary.fullScreen')}
            aria-pressed={full}
            onClick={() => setFull(!full)}
            data-testid="summary-mind-map-full"
          />
        </Tooltip>
      </span>
      <p className="detail-hint">{t('summary.mindMapHint')}</p>
    </div>
  );
}
