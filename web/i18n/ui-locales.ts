import type { Locale as AntdLocale } from 'antd/es/locale';
import type { Locale } from '../../contracts/locale';
import type { Messages } from './en-US';

/** Everything one interface language needs: our texts and the component library's. */
export interface LocaleBundle {
  messages: Messages;
  antd: AntdLocale;
}

/**
 * Each language loads on its own, so a visit downloads only the language it is read in. A Chinese bundle
 * also registers dayjs's texts for that language (dates follow the interface locale). antd's texts come from its
 * ES modules, which share their parts with the rest of antd in the bundle; `antd/locale/*` is the CommonJS
 * build, a second copy of them.
 */
export const LOCALE_BUNDLES: Record<Locale, () => Promise<LocaleBundle>> = {
  'en-US': async () => {
    const [{ enUS }, antd] = await Promise.all([import('./en-US'), import('antd/es/locale/en_US')]);
    return { messages: enUS, antd: antd.default };
  },
  'zh-CN': async () => {
    const [{ zhCN }, antd] = await Promise.all([import('./zh-CN'), import('antd/es/locale/zh_CN'), import('dayjs/locale/zh-cn')]);
    return { messages: zhCN, antd: antd.default };
  },
  'zh-TW': async () => {
    const [{ zhTW }, antd] = await Promise.all([import('./zh-TW'), import('antd/es/locale/zh_TW'), import('dayjs/locale/zh-tw')]);
    return { messages: zhTW, antd: antd.default };
  },
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
