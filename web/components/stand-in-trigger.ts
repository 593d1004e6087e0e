import { cloneElement } from 'react';
import type { FocusEvent, MouseEvent, PointerEvent, ReactElement } from 'react';

export type TriggerProps = {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
};

/**
 * The button of a popup whose code is not in yet (MenuDropdown, ClickPopover), standing alone: pointing at it
 * or focusing it fetches the code ahead (`warmUp`), pressing it asks for the popup (`onPress`).
 */
export function standInTrigger(trigger: ReactElement<TriggerProps>, warmUp: () => void, onPress: () => void) {
  return cloneElement(trigger, {
    onPointerEnter: (event) => {
      trigger.props.onPointerEnter?.(event);
      warmUp();
    },
    onFocus: (event) => {
      trigger.props.onFocus?.(event);
      warmUp();
    },
    onClick: (event) => {
      trigger.props.onClick?.(event);
      onPress();
    },
  });
}
