import { Suspense, lazy, useEffect } from 'react';
import { PAYMENT } from '../../../contracts/constants';
import { lazyPage } from '../../lib/lazy-page';
import { usePayDialog } from './store';

// The dialog (and the QR code drawing it needs) loads the first time someone opens it.
const loadDialog = lazyPage(() => import('./PayDialog'));
const PayDialog = lazy(async () => ({ default: (await loadDialog()).Component }));

/**
 * Mounted once by the layout (and the plugin's pay page); opens from anywhere through the store. It also
 * takes the payer back from WeChat's authorisation page: the code becomes the openid kept on this device,
 * and the dialog reopens on the package they had chosen, now paid in place.
 */
export function PayDialogHost() {
  const isOpen = usePayDialog((s) => s.isOpen);
  const open = usePayDialog((s) => s.open);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const code = params.get('code');
    if (!code || params.get('state') !== PAYMENT.wechatAuthorizeState) return;
    params.delete('code');
    params.delete('state');
    const query = params.toString();
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`);
    // Few visits come back from WeChat: the code that finishes the way back loads only for them.
    Promise.all([import('./api'), import('./in-app-pay')])
      .then(async ([{ fetchOpenId }, { storeOpenId, takeResume }]) => {
        const resume = takeResume();
        storeOpenId(await fetchOpenId(code));
        open({ tabIndex: resume?.tabIndex, packageId: resume?.packageId });
      })
      .catch(() => {}); // the request layer said what went wrong; the payer can open the dialog again
  }, [open]);

  return isOpen ? (
    <Suspense fallback={null}>
      <PayDialog />
    </Suspense>
  ) : null;
}
