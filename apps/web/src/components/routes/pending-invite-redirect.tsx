import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { pendingInvite } from '../../lib/storage.ts';

/**
 * An invitation opened signed out waits in storage until the person is signed in and
 * verified (after a login, or a registration and its e-mail link): then its page opens
 * again, which accepts it and lands in the team's dashboard. Taken once, so a refused
 * invitation is shown once and not tried again.
 */
export function PendingInviteRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    const token = pendingInvite.get();
    if (!token) return;
    pendingInvite.clear();
    void navigate(`/invite/${encodeURIComponent(token)}`, { replace: true });
  }, [navigate]);
  return null;
}
