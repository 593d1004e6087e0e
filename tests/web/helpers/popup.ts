import { waitFor } from '@testing-library/react';

/**
 * The antd popup (dropdown, select, confirm) that is open now. antd keeps closed popups in the document,
 * marked hidden, so the first match is not necessarily the one just opened.
 */
export function openPopup(selector: string): Promise<HTMLElement> {
  return waitFor(() => {
    const popup = [...document.querySelectorAll<HTMLElement>(selector)].find((el) => !/-hidden\b/.test(el.className));
    if (!popup) throw new Error(`no open ${selector}`);
    return popup;
  });
}
