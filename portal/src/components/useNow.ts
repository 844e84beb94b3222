import { useEffect, useState } from 'react';
import { MINUTE_MS } from '@bh/shared';

/** The current time, refreshed every `intervalMs` (the next meeting's countdown ticks each second). */
export function useNow(intervalMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * The current time for the meeting lists, which change only on whole minutes: a meeting starts on
 * a whole minute (its time is 'hh:mm' in India, whose offset is whole minutes too), so its join
 * window, 'Join now' badge, start and end all fall on one, and so does India's midnight. The
 * clock is read each second as before, but the screen renders again only when the minute has
 * changed, within a second of it (or of the device's clock being set), instead of every second:
 * on a phone a table re-rendered each second held the main thread about 5 ms a row (issue 20).
 */
export function useMinuteNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => {
      const next = new Date();
      // Returning the same Date leaves the screen as it is.
      setNow((shown) => (Math.floor(shown.getTime() / MINUTE_MS) === Math.floor(next.getTime() / MINUTE_MS) ? shown : next));
    }, 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
