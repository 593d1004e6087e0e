import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { ThemeConfig } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { antdLocale } from './i18n';
import { takeRefusedDownload } from './lib/download';
import { useFeedback } from './lib/feedback';
import { setRequestHooks } from './lib/request';
import { routes } from './routes';
import { FeedbackOutlet } from './shell/FeedbackOutlet';

// Read before the router sees the address, which it then keeps without the parameter.
let refusedDownload = takeRefusedDownload();
const router = createBrowserRouter(routes);
setRequestHooks({ navigate: (to) => void router.navigate(to, { replace: true }) });

const queryClient = new QueryClient({
  // The request layer already toasted a failure; retrying would toast it again.
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

const theme: ThemeConfig = {
  token: { colorPrimary: '#3f5efb', colorInfo: '#3f5efb', colorLink: '#3f5efb', borderRadius: 8, colorBgLayout: '#f5f7fb' },
  components: {
    Menu: { itemBorderRadius: 8, itemMarginInline: 12, itemSelectedBg: '#eef1ff', groupTitleFontSize: 12 },
  },
};

/** Error toasts of the request layer go through the app's feedback outlet so they follow theme and locale. */
function RequestToasts() {
  const { message } = useFeedback();
  const { t } = useTranslation();
  useEffect(() => {
    setRequestHooks({
      toast: (text, seconds) => void message.error({ content: text, duration: seconds, key: text }),
    });
    // Said once: a change of language later must not say it again.
    const refused = refusedDownload;
    refusedDownload = null;
    if (refused) void message.error({ content: t(refused.key, { code: refused.code }), duration: 8, key: 'downloadRefused' });
  }, [message, t]);
  return null;
}

export function App() {
  useTranslation(); // re-render on language change so antd's locale follows
  return (
    <ConfigProvider
      locale={antdLocale()}
      theme={theme}
      // antd spaces out two-character Chinese labels ("登 入"); product copy is written as intended.
      button={{ autoInsertSpace: false }}
    >
      <FeedbackOutlet />
      <RequestToasts />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
