import { ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import type { MouseEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner';
import { fetchCaptcha, verifyCaptcha } from './api';
import type { Point } from './api';
import { toPicturePoint } from './captcha';
import { CAPTCHA_KEY } from '../../lib/query-keys';

/**
 * The click captcha (spec §5: completed before a password login). The server's SVG is drawn inline so a
 * click can be mapped to picture coordinates; numbered markers show where the user clicked. Once every
 * prompted glyph is clicked the answer is checked: a pass goes to `onPass`, a miss (the request layer
 * shows the server's message) loads a new picture, since each picture takes one answer.
 */
export function ClickCaptcha({ onPass }: { onPass: (pass: string) => void }) {
  const { t } = useTranslation();
  const [points, setPoints] = useState<Point[]>([]);
  const picture = useQuery({ queryKey: CAPTCHA_KEY, queryFn: fetchCaptcha, gcTime: 0, staleTime: Infinity });

  const refresh = () => {
    setPoints([]);
    void picture.refetch();
  };
  const verify = useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: Point[] }) => verifyCaptcha(id, answer),
    onSuccess: onPass,
    onError: refresh,
  });

  const data = picture.data;
  const busy = picture.isFetching || verify.isPending;

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!data || busy || points.length >= data.prompt.length) return;
    const next = [...points, toPicturePoint(event, event.currentTarget.getBoundingClientRect(), data)];
    setPoints(next);
    if (next.length === data.prompt.length) verify.mutate({ id: data.id, answer: next });
  };

  return (
    <div className="captcha">
      <div className="captcha-head">
        <span className="captcha-prompt" data-testid="captcha-prompt">
          {t('captcha.clickInOrder')}
          {data?.prompt.map((glyph, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a glyph may repeat; its place in the prompt is what it is.
            <b key={index} className="captcha-glyph">
              {glyph}
            </b>
          ))}
        </span>
        <Button
          type="text"
          size="small"
          icon={<ReloadOutlined />}
          onClick={refresh}
          disabled={busy}
          aria-label={t('captcha.refresh')}
          title={t('captcha.refresh')}
          data-testid="captcha-refresh"
        />
      </div>
      <Spinner spinning={busy}>
        {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a click captcha is a pointer task; keyboard and screen-reader users sign in with a code instead. */}
        <div
          className="captcha-picture"
          style={{ aspectRatio: data ? `${data.width} / ${data.height}` : '300 / 160' }}
          onClick={onClick}
          data-testid="captcha-image"
          data-captcha-id={data?.id}
        >
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own server's drawing, with no text in it and no user content. */}
          {data && <div className="captcha-svg" dangerouslySetInnerHTML={{ __html: data.svg }} />}
          {data &&
            points.map((point, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: markers are numbered clicks, only ever appended.
              <span key={index} className="captcha-marker" style={{ left: `${(point.x / data.width) * 100}%`, top: `${(point.y / data.height) * 100}%` }}>
                {index + 1}
              </span>
            ))}
        </div>
      </Spinner>
    </div>
  );
}
