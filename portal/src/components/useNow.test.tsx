import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useMinuteNow, useNow } from './useNow.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** Shows the clock's time and counts its renders. */
function Clock({ hook, renders }: { hook: () => Date; renders: { count: number } }) {
  renders.count += 1;
  return <p>{hook().toISOString()}</p>;
}

describe('the clocks the meeting screens read', () => {
  it('useNow renders each second; useMinuteNow only when the minute changes, within a second of it', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-03-10T04:54:30.000Z'));
    const seconds = { count: 0 };
    const minutes = { count: 0 };
    render(
      <>
        <Clock hook={() => useNow(1000)} renders={seconds} />
        <Clock hook={useMinuteNow} renders={minutes} />
      </>,
    );
    const [first, second] = [seconds.count, minutes.count];
    // A second at a time, as the browser would run them (one act would render the batch once).
    for (let i = 0; i < 29; i += 1) act(() => vi.advanceTimersByTime(1_000));
    expect(seconds.count - first).toBe(29);
    expect(minutes.count).toBe(second);
    expect(screen.getByText('2026-03-10T04:54:30.000Z')).toBeInTheDocument();

    // 04:55:00: the minute in which a 05:00 meeting's join window opens.
    act(() => vi.advanceTimersByTime(1_000));
    expect(minutes.count).toBe(second + 1);
    expect(screen.getAllByText('2026-03-10T04:55:00.000Z')).toHaveLength(2);

    // The device's clock set forward within the minute: shown at the next second.
    act(() => vi.setSystemTime(new Date('2026-03-10T05:30:10.000Z')));
    act(() => vi.advanceTimersByTime(1_000));
    expect(minutes.count).toBe(second + 2);
    expect(screen.getAllByText('2026-03-10T05:30:11.000Z')).toHaveLength(2);
  });
});
