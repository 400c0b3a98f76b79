import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Account } from '@segue/shared';
import { useBrowserOnline, useOfflineCopy } from '../../lib/offline/offline-copy.ts';
import { offlineKeeping } from '../../lib/storage.ts';
import { whenIdle } from '../../lib/when-idle.ts';

/**
 * Keeps the week's music on this device for the signed-in user: once the screen is
 * up after sign-in or an online start, and again when the network comes back. When the server
 * answers again after the screens showed the kept copy, everything is read anew, the session
 * first among them: one revoked meanwhile ends there, and the kept data goes with it.
 */
export function OfflineKeeper({ account }: { account: Account }) {
  const online = useBrowserOnline();
  const accountRef = useRef(account);
  useEffect(() => {
    accountRef.current = account;
  });
  const accountId = account.$id;
  useEffect(() => {
    if (!online || !offlineKeeping.get()) return;
    return whenIdle(() => {
      import('../../lib/offline/keep-the-week.ts')
        .then((keeper) => keeper.keepTheWeek(accountRef.current))
        .catch((error: unknown) => console.warn('[offline] could not keep the week', error));
    });
  }, [accountId, online]);

  const queryClient = useQueryClient();
  const copy = useOfflineCopy();
  const shownBefore = useRef(copy);
  useEffect(() => {
    if (shownBefore.current !== null && copy === null) void queryClient.invalidateQueries();
    shownBefore.current = copy;
  }, [copy, queryClient]);
  return null;
}
