import { useEffect, useState } from 'react';

/**
 * The current time, read when the component mounts and again every `everyMs`, so relative times ("5 minutes ago")
 * stay true. Rendering reads this instead of the clock, which keeps renders pure.
 */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
