import { useEffect, useState } from 'react';
import type { ScreenView } from '../../lib/live-socket.ts';

/**
 * The text of the message on the congregation's screen while its time lasts (on this
 * device's clock), else null: it goes by itself when the driver's chosen time is up.
 */
export function useScreenMessage(message: ScreenView['message']): string | null {
  const [expiredId, setExpiredId] = useState<number | null>(null);
  const id = message?.id ?? null;
  const until = message?.until ?? null;
  useEffect(() => {
    if (id === null || until === null) return;
    const timer = setTimeout(() => setExpiredId(id), Math.max(0, until - Date.now()));
    return () => clearTimeout(timer);
  }, [id, until]);
  if (!message || message.id === expiredId) return null;
  return message.text;
}
