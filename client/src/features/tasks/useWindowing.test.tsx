// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { fallbackViewportHeight, useWindowing, visibleRange } from './useWindowing';

describe('visible range of fixed-height rows', () => {
  it('covers the viewport plus the overscan either side', () => {
    expect(visibleRange(0, 400, 40, 1000, 5)).toEqual({ start: 0, end: 15 });
    expect(visibleRange(4000, 400, 40, 1000, 5)).toEqual({ start: 95, end: 115 });
  });

  it('stops at the ends of the list', () => {
    expect(visibleRange(39_900, 400, 40, 1000, 5)).toEqual({ start: 992, end: 1000 });
    expect(visibleRange(0, 400, 40, 3, 5)).toEqual({ start: 0, end: 3 });
    expect(visibleRange(0, 400, 40, 0, 5)).toEqual({ start: 0, end: 0 });
  });

  it('assumes a screenful before the viewport can be measured', () => {
    expect(visibleRange(0, 0, 40, 1000, 0).end).toBe(fallbackViewportHeight / 40);
  });
});

function Rows({ count }: { count: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const { start, end, totalHeight, scrollToIndex } = useWindowing(ref, count, 20, 2);
  return (
    <div ref={ref} data-testid="viewport" style={{ height: 100, overflow: 'auto' }}>
      <button type="button" onClick={() => scrollToIndex(400)}>jump</button>
      <div style={{ height: totalHeight }} data-testid="spacer">
        {Array.from({ length: end - start }, (_, offset) => <p key={start + offset}>row {start + offset}</p>)}
      </div>
    </div>
  );
}

afterEach(cleanup);

describe('useWindowing', () => {
  it('renders only the rows in view and follows scrolling', async () => {
    render(<Rows count={5000} />);
    const viewport = screen.getByTestId('viewport');
    Object.defineProperty(viewport, 'clientHeight', { configurable: true, value: 100 });
    expect(screen.getByTestId('spacer').style.height).toBe('100000px');
    expect(screen.getAllByText(/^row /).length).toBeLessThan(100);
    act(() => {
      viewport.scrollTop = 2000;
      viewport.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(screen.getByText('row 100')).toBeTruthy());
    expect(screen.queryByText('row 0')).toBeNull();
    expect(screen.getAllByText(/^row /)).toHaveLength(9);
  });

  it('scrolls a row into view on request', () => {
    render(<Rows count={5000} />);
    const viewport = screen.getByTestId('viewport');
    Object.defineProperty(viewport, 'clientHeight', { configurable: true, value: 100 });
    act(() => screen.getByText('jump').click());
    expect(viewport.scrollTop).toBe(400 * 20 + 20 - 100);
    expect(screen.getByText('row 400')).toBeTruthy();
  });
});
