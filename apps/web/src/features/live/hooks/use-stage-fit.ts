import { useEffect, useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';
import { nextStageFit, startStageFit } from '../utils/stage-display.ts';
import type { StageFit, StageFitSearch, StageSplit } from '../utils/stage-display.ts';

/**
 * The largest layout of a part, from `max` rem in one column down to `min` rem in two, at
 * which the content of `ref` fits its height without scrolling (rules in stage-display.ts).
 * Fitted anew whenever `contentKey`, `max` or the element's height changes, in renders before
 * the browser paints, so the text never shows too large. The element's own height must not
 * depend on its content (a grid cell with `min-height: 0` and `overflow: auto`).
 */
export function useStageFit(
  ref: RefObject<HTMLElement | null>,
  options: { contentKey: string; max: number; min: number; split?: StageSplit },
): StageFit {
  const { contentKey, max, min, split } = options;
  // Only the height: the width changes with a scrollbar, which the fitting itself brings and
  // takes away. A width of its own, the area has only with the viewport's (in `contentKey`).
  const height = useElementHeight(ref);
  const key = `${contentKey}@${max}@${min}@${height}@${split ? JSON.stringify(split) : ''}`;
  const [state, setState] = useState<{ key: string; search: StageFitSearch }>(() => ({
    key,
    search: startStageFit(max),
  }));
  // A new part or screen size starts again from the largest size, in this same render.
  let search = state.search;
  if (state.key !== key) {
    search = startStageFit(max);
    setState({ key, search });
  }

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const next = nextStageFit({
      search,
      min,
      max,
      clientWidth: element.clientWidth,
      clientHeight: element.clientHeight,
      scrollHeight: element.scrollHeight,
      ...(split && { split }),
    });
    if (next) setState({ key, search: next });
    // `split` is in `key`: a new object with the same values is the same layout.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref, key, search, min, max]);

  return { size: search.size, columns: search.columns };
}

/** The element's inner height in CSS pixels, following its changes (0 before it is laid out). */
function useElementHeight(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setHeight(element.clientHeight);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return height;
}

/** The viewport's size in CSS pixels, following resizes and rotations. */
export function useViewportSize(): { width: number; height: number } {
  const [size, setSize] = useState(() => ({
    width: window.innerWidth,
    height: window.innerHeight,
  }));
  useEffect(() => {
    const onResize = () => setSize({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}
