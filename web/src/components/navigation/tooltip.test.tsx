import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Tooltip, TOOLTIP_POSITION_DEBOUNCE_MS } from './Tooltip';

afterEach(cleanup);

const settle = () => act(() => new Promise((r) => setTimeout(r, TOOLTIP_POSITION_DEBOUNCE_MS + 5)));

function Two() {
  return (
    <div>
      <Tooltip text="Toggle Sidebar" describe>
        <button type="button">A</button>
      </Tooltip>
      <Tooltip text="Show menu">
        <button type="button">B</button>
      </Tooltip>
      <Tooltip text="Never" when={() => false}>
        <button type="button">C</button>
      </Tooltip>
    </div>
  );
}

describe('tooltip', () => {
  it('shows on focus or hover and hides on blur, mouse leave, click and Escape', async () => {
    render(<Two />);
    const a = screen.getByRole('button', { name: 'A' });
    fireEvent.focus(a);
    await settle();
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toBe('Toggle Sidebar');
    expect(a.getAttribute('aria-describedby')).toBe(tip.id);
    fireEvent.blur(a);
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.mouseEnter(a);
    await settle();
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.mouseLeave(a);
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.mouseEnter(a);
    await settle();
    fireEvent.click(a);
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.focus(a);
    await settle();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows one tooltip at a time, hides on a touch elsewhere, and only when its condition holds', async () => {
    render(<Two />);
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'A' }));
    await settle();
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'B' }));
    await settle();
    expect(screen.getAllByRole('tooltip').map((t) => t.textContent)).toEqual(['Show menu']);
    fireEvent.touchStart(document.body);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.focus(screen.getByRole('button', { name: 'C' }));
    await settle();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
