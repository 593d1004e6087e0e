import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Tooltip } from '../../web/components/Tooltip';

const button = () => screen.getByRole('button');

describe('Tooltip', () => {
  it('shows its words once the pointer rests on the child, describes the child by them, and goes when the pointer leaves', async () => {
    render(
      <Tooltip title="Sort ascending">
        <button type="button">A–Z</button>
      </Tooltip>,
    );
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerEnter(button());
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toBe('Sort ascending');
    expect(button().getAttribute('aria-describedby')).toBe(tip.id);
    fireEvent.pointerLeave(button());
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(button().getAttribute('aria-describedby')).toBeNull();
  });

  it('shows at once on keyboard focus, and goes on Escape and on blur', async () => {
    render(
      <Tooltip title="Next hit">
        <button type="button">↓</button>
      </Tooltip>,
    );
    fireEvent.focus(button());
    expect((await screen.findByRole('tooltip')).textContent).toBe('Next hit');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    fireEvent.blur(button());
    fireEvent.focus(button());
    await screen.findByRole('tooltip');
    fireEvent.blur(button());
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('does not describe a child already named by the same words, and shows nothing without words', async () => {
    const { rerender } = render(
      <Tooltip title="Redo">
        <button type="button" aria-label="Redo" />
      </Tooltip>,
    );
    fireEvent.focus(button());
    await screen.findByRole('tooltip');
    expect(button().hasAttribute('aria-describedby')).toBe(false);
    fireEvent.blur(button());
    rerender(
      <Tooltip title={null}>
        <button type="button" aria-label="Redo" />
      </Tooltip>,
    );
    fireEvent.focus(button());
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
