import { CalendarOutlined, SwapRightOutlined } from '@ant-design/icons';
import { ConfigProvider } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import { Suspense, lazy, useContext, useState } from 'react';
import { lazyPage } from '../../lib/lazy-page';
import './date-range-filter.css';

// antd's date picker (calendar panels, input masks, date maths: about 35 KB gzip) is the heaviest control of
// the list's toolbar and few visits filter by dates. Until the box is first pressed with the pointer or the
// keyboard (Enter or Space) it is drawn without that code; pointing at or focusing it fetches the code ahead.
const loadPicker = lazyPage(() => import('antd/es/date-picker').then((m) => ({ default: m.default.RangePicker })));
const RangePicker = lazy(async () => ({ default: (await loadPicker()).Component }));
const warmUp = () => void loadPicker().catch(() => {});

/** The creation-date filter: antd's RangePicker, which opens where the stand-in was pressed. */
export function DateRangeFilter({ className, ...props }: RangePickerProps & { 'data-testid'?: string }) {
  const [touched, setTouched] = useState(false);
  const { locale } = useContext(ConfigProvider.ConfigContext);
  // The same words antd's picker shows as its placeholders, in the interface language.
  const [start, end] = locale?.DatePicker?.lang.rangePlaceholder ?? ['', ''];
  const standIn = (
    <button
      type="button"
      className={`date-range-stand-in ${className ?? ''}`}
      aria-label={`${start} – ${end}`}
      onPointerEnter={warmUp}
      onFocus={warmUp}
      // Swapping on the press's end, not its start, keeps the rest of the press off the real picker.
      onClick={() => setTouched(true)}
      data-testid={props['data-testid']}
    >
      <span className="date-range-stand-in-text">{start}</span>
      <SwapRightOutlined className="date-range-stand-in-separator" />
      <span className="date-range-stand-in-text">{end}</span>
      <CalendarOutlined className="date-range-stand-in-suffix" />
    </button>
  );
  if (!touched && !props.value) return standIn;
  return (
    <Suspense fallback={standIn}>
      <RangePicker className={className} {...props} autoFocus={touched} defaultOpen={touched} />
    </Suspense>
  );
}
