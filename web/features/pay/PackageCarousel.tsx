import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRICE_CURRENCY } from '../../../contracts/pay';
import type { PricePackage } from '../../../contracts/pay';
import { formatPrice, validity } from './format';

/** Spec §9: four packages visible, arrows move by one in 300 ms. */
const SLIDE_MS = 300;
const PER_VIEW = 4;

interface Props {
  packages: PricePackage[];
  selectedId: number | undefined;
  onSelect: (id: number) => void;
  /** A phone lists every package in two columns instead of sliding them. */
  phone: boolean;
}

/**
 * The selected category's packages. A carousel only when there are more than fit: fewer packages sit side by
 * side at a card's width, so two packages do not leave half the dialog empty.
 */
export function PackageCarousel({ packages, selectedId, onSelect, phone }: Props) {
  const { t } = useTranslation();
  const [first, setFirst] = useState(0);
  const last = Math.max(0, packages.length - PER_VIEW);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another list of packages starts at its first slide.
  useEffect(() => setFirst(0), [packages]);
  const shown = Math.min(first, last);
  const cards = packages.map((p) => <PackageCard key={p.id} pkg={p} selected={p.id === selectedId} onSelect={onSelect} />);

  if (phone || packages.length <= PER_VIEW) {
    return (
      <div className={phone ? 'pay-packages pay-packages-phone' : 'pay-packages'} data-testid="pay-packages">
        {cards}
      </div>
    );
  }
  return (
    <div className="pay-carousel" data-testid="pay-packages">
      <Button shape="circle" icon={<LeftOutlined />} disabled={shown === 0} onClick={() => setFirst(shown - 1)} aria-label={t('pay.previous')} />
      <div className="pay-carousel-window">
        <div className="pay-carousel-track" style={{ transform: `translateX(-${(shown * 100) / PER_VIEW}%)`, transition: `transform ${SLIDE_MS}ms ease` }}>
          {cards.map((card) => (
            <div key={card.key} className="pay-carousel-slide" style={{ flex: `0 0 ${100 / PER_VIEW}%` }}>
              {card}
            </div>
          ))}
        </div>
      </div>
      <Button shape="circle" icon={<RightOutlined />} disabled={shown >= last} onClick={() => setFirst(shown + 1)} aria-label={t('pay.next')} />
    </div>
  );
}

function PackageCard({ pkg, selected, onSelect }: { pkg: PricePackage; selected: boolean; onSelect: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <button
      type="button"
      className={selected ? 'pay-package selected' : 'pay-package'}
      aria-pressed={selected}
      onClick={() => onSelect(pkg.id)}
      data-testid={`pay-package-${pkg.id}`}
    >
      <span className="pay-package-name">{pkg.packageName}</span>
      {pkg.description && <span className="pay-package-description">{pkg.description}</span>}
      <span className="pay-package-price">{formatPrice(pkg.price, PRICE_CURRENCY, i18n.language)}</span>
      {pkg.orgPrice > pkg.price && <del className="pay-package-org">{formatPrice(pkg.orgPrice, PRICE_CURRENCY, i18n.language)}</del>}
      <span className="pay-package-validity">{validity(t, pkg)}</span>
    </button>
  );
}
