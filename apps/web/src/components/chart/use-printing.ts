import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

const printMedia = () => window.matchMedia('print');

/**
 * Whether the page is being printed (or emulates print media). Lets a screen keep what only
 * paper shows out of the page until then, so it is never read twice on screen.
 */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(() => printMedia().matches);
  useEffect(() => {
    const media = printMedia();
    const follow = () => setPrinting(media.matches);
    // The browser lays the page out for paper right after 'beforeprint': render at once, not
    // in a later task, or the first printout would miss what is rendered for it.
    const before = () => flushSync(() => setPrinting(true));
    media.addEventListener('change', follow);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', follow);
    return () => {
      media.removeEventListener('change', follow);
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', follow);
    };
  }, []);
  return printing;
}
