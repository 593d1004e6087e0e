import type { Locale as AntdLocale } from 'antd/es/locale';
import enUSAntd from 'antd/locale/en_US';
import zhCNAntd from 'antd/locale/zh_CN';
import zhTWAntd from 'antd/locale/zh_TW';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import type { Locale } from '../../contracts/locale';

/** Component-library and date texts follow the interface locale. */
export const ANTD_LOCALES: Record<Locale, AntdLocale> = {
  'en-US': enUSAntd,
  'zh-CN': zhCNAntd,
  'zh-TW': zhTWAntd,
};

export const DAYJS_LOCALES: Record<Locale, string> = {
  'en-US': 'en',
  'zh-CN': 'zh-cn',
  'zh-TW': 'zh-tw',
};

/** Each language is named in itself, so a reader of any locale can find their own. */
export const LOCALE_LABELS: Record<Locale, string> = {
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  'en-US': 'English',
};
