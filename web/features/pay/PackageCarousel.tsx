import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT } from '../../../contracts/constants';
import type { PricePackage } from '../../../contracts/pay';
import { validity } from './format';

/** Spec §9: four packages visible, arrows move by one in 300 ms. A narrow screen shows two. */
const SLIDE_MS = 300;

interface Props {
  packages: PricePackage[];
  selectedId: number | undefined;
  onSelect: (id: number) => void;
  perView: number;
}

export function PackageCarousel({ packages, selectedId, onSelect, perView }: Props) {
  const { t } = useTranslation();
  const [first, setFirst] = useState(0);
  const last = Math.max(0, packages.length - perView);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another list of packages starts at its first slide.
  useEffect(() => setFirst(0), [packages]);
  const shown = Math.min(first, last);

  return (
    <div className="pay-carousel" data-testid="pay-packages">
      <Button shape="circle" icon={<LeftOutlined />} disabled={shown === 0} onClick={() => setFirst(shown - 1)} aria-label={t('pay.previous')} />
      <div className="pay-carousel-window">
        <div className="pay-carousel-track" style={{ transform: `translateX(-${(shown * 100) / perView}%)`, transition: `transform ${SLIDE_MS}ms ease` }}>
          {packages.map((p) => (
            <div key={p.id} className="pay-carousel-slide" style={{ flex: `0 0 ${100 / perView}%` }}>
              <button
                type="button"
                className={p.id === selectedId ? 'pay-package selected' : 'pay-package'}
                aria-pressed={p.id === selectedId}
                onClick={() => onSelect(p.id)}
                data-testid={`pay-package-${p.id}`}
              >
                <span className="pay-package-name">{p.packageName}</span>
                <span className="pay-package-price">
                  {PAYMENT.currency}
                  {p.price.toFixed(2)}
                </span>
                {p.orgPrice > p.price && (
                  <del className="pay-package-org">
                    {PAYMENT.currency}
                    {p.orgPrice.toFixed(2)}
                  </del>
                )}
                <span className="pay-package-validity">{validity(t, p)}</span>
              </button>
            </div>
          ))}
        </div>
      </div>
      <Button shape="circle" icon={<RightOutlined />} disabled={shown >= last} onClick={() => setFirst(shown + 1)} aria-label={t('pay.next')} />
    </div>
  );
}
