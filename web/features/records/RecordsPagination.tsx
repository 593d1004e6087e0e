import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { ConfigProvider } from 'antd';
import useStyle from 'antd/es/pagination/style';
import RcPagination from 'rc-pagination';
import enUS from 'rc-pagination/es/locale/en_US';
import { useContext } from 'react';
import type { ReactNode } from 'react';
import { LazySelect } from '../../components/LazySelect';

/**
 * The list's pages: antd's Pagination (the same rc-pagination inside, antd's own styles, icons and texts) but
 * with a page-size select whose code loads when it is first used. antd's Pagination imports its Select
 * outright, which would put the whole Select on every first visit of the list.
 */

const PREFIX = 'ant-pagination';

const itemLink = (icon: ReactNode) => (
  <button className={`${PREFIX}-item-link`} type="button" tabIndex={-1}>
    {icon}
  </button>
);
const jumper = (icon: ReactNode) => (
  // biome-ignore lint/a11y/useValidAnchor: the markup antd's Pagination gives its jumpers, so its styles apply.
  <a className={`${PREFIX}-item-link`}>
    <div className={`${PREFIX}-item-container`}>
      {icon}
      <span className={`${PREFIX}-item-ellipsis`}>•••</span>
    </div>
  </a>
);
const ICONS = {
  prevIcon: itemLink(<LeftOutlined />),
  nextIcon: itemLink(<RightOutlined />),
  jumpPrevIcon: jumper(<DoubleLeftOutlined className={`${PREFIX}-item-link-icon`} />),
  jumpNextIcon: jumper(<DoubleRightOutlined className={`${PREFIX}-item-link-icon`} />),
};

interface RecordsPaginationProps {
  className?: string;
  current: number;
  pageSize: number;
  total: number;
  pageSizeOptions: number[];
  showTotal: (total: number) => ReactNode;
  onChange: (page: number, pageSize: number) => void;
  'data-testid'?: string;
}

export function RecordsPagination({ className, ...props }: RecordsPaginationProps) {
  const { locale } = useContext(ConfigProvider.ConfigContext);
  const [wrapCSSVar, hashId, cssVarCls] = useStyle(PREFIX);
  return wrapCSSVar(
    <RcPagination
      {...ICONS}
      {...props}
      prefixCls={PREFIX}
      selectPrefixCls="ant-select"
      className={[className, hashId, cssVarCls].filter(Boolean).join(' ')}
      locale={{ ...enUS, ...locale?.Pagination }}
      showSizeChanger
      sizeChangerRender={({ disabled, size, onSizeChange, 'aria-label': label, className: changerClass, options }) => (
        <LazySelect<number>
          className={changerClass}
          disabled={disabled}
          aria-label={label}
          value={size}
          options={options.map((option) => ({ value: Number(option.value), label: option.label }))}
          showSearch
          popupMatchSelectWidth={false}
          getPopupContainer={(node: HTMLElement) => node.parentNode as HTMLElement}
          onChange={(next) => onSizeChange(next)}
        />
      )}
    />,
  );
}
