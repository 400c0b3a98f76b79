import { useLayoutEffect, useRef } from 'react';

/** Below this size without wrapping (a very long line), lines may wrap instead. */
const MIN_UNWRAPPED_PX = 32;
const MIN_PX = 10;
const MAX_PX = 320;

/**
 * The largest font size at which the text fits its box without scrolling, found by a binary
 * search on the element itself, and found again whenever the box changes size (window,
 * projector resolution, full screen). Lines stay whole unless that would make them tiny.
 * `content` is what to re-fit for (the lines shown).
 */
export function useFitText<Box extends HTMLElement, Text extends HTMLElement>(content: string) {
  const boxRef = useRef<Box>(null);
  const textRef = useRef<Text>(null);

  useLayoutEffect(() => {
    const box = boxRef.current;
    const text = textRef.current;
    if (!box || !text) return;

    const fits = (size: number) => {
      text.style.fontSize = `${size}px`;
      return text.scrollWidth <= box.clientWidth && text.scrollHeight <= box.clientHeight;
    };
    const largest = (high: number) => {
      let low = MIN_PX;
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (fits(middle)) low = middle;
        else high = middle;
      }
      return low;
    };
    const fit = () => {
      if (box.clientWidth === 0 || box.clientHeight === 0) return;
      const high = Math.min(MAX_PX, box.clientHeight);
      text.style.whiteSpace = 'pre';
      let size = largest(high);
      if (size < MIN_UNWRAPPED_PX) {
        text.style.whiteSpace = 'pre-wrap';
        size = largest(high);
      }
      text.style.fontSize = `${size}px`;
    };

    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(box);
    // Text measured in a fallback font would be re-fitted once the real one arrives.
    void document.fonts?.ready.then(fit);
    return () => observer.disconnect();
  }, [content]);

  return { boxRef, textRef };
}
