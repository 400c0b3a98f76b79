import { useEffect, useState } from 'react';
import { TEXT_SIZE } from '@segue/shared';
import { liveTextSize } from '../../../lib/storage.ts';

const clamp = (size: number) =>
  Math.min(TEXT_SIZE.max, Math.max(TEXT_SIZE.min, Math.round(size * 100) / 100));

/** The live view's text size in rem (spec section 5), kept per device. */
export function useTextSize() {
  const [size, setSize] = useState(() => clamp(liveTextSize.get() ?? TEXT_SIZE.default));
  useEffect(() => liveTextSize.set(size), [size]);
  return {
    size,
    /** As shown beside the buttons: 1.25 rem is "125%". */
    percent: `${Math.round(size * 100)}%`,
    canDecrease: size > TEXT_SIZE.min,
    canIncrease: size < TEXT_SIZE.max,
    decrease: () => setSize((current) => clamp(current - TEXT_SIZE.step)),
    increase: () => setSize((current) => clamp(current + TEXT_SIZE.step)),
  };
}
