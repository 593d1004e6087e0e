import { fireEvent, screen, waitFor } from '@testing-library/react';

/**
 * The antd popup (dropdown, select, confirm) that is open now. antd keeps closed popups in the document,
 * marked hidden, so the first match is not necessarily the one just opened.
 */
export function openPopup(selector: string): Promise<HTMLElement> {
  return waitFor(
    () => {
      const popup = [...document.querySelectorAll<HTMLElement>(selector)].find((el) => !/-hidden\b/.test(el.className));
      if (!popup) throw new Error(`no open ${selector}`);
      return popup;
    },
    // A popup's code loads on its first press: seconds when every core is taken.
    { timeout: 15_000 },
  );
}

/**
 * Presses a select as a user does: antd's opens on its mouse down; a stand-in (web/components/SelectStandIn)
 * turns into antd's, open, on its click, once that code is in. Wait for the dropdown to see it open.
 */
export function pressSelect(testId: string): void {
  const select = screen.getByTestId(testId);
  const selector = select.querySelector('.ant-select-selector');
  if (selector) fireEvent.mouseDown(selector);
  else fireEvent.click(select);
}
