import { useCallback, useState } from 'react';
import type { CapoRule } from '@segue/shared';
import { liveCapoRule } from '../../lib/storage.ts';

/**
 * This device's choice of what its capo does when a song is played live in another key than
 * planned ("Keep my shapes", the default, or "Keep my capo"), kept on the device.
 */
export function useCapoRule() {
  const [rule, setRule] = useState<CapoRule>(liveCapoRule.get);
  const change = useCallback((next: CapoRule) => {
    liveCapoRule.set(next);
    setRule(next);
  }, []);
  return { rule, change };
}
