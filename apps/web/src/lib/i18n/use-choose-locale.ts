import { useState } from 'react';
import type { Locale } from '@segue/shared';
import { readAccount } from '../answers.ts';
import { apiFetch } from '../api-client.ts';
import { setSessionAccount, useSession } from '../session/session.ts';
import { chooseDeviceLocale } from './locale-choice.ts';

/**
 * Chooses the interface's language: at once on this device, then on the account when someone
 * is signed in, so their other devices follow. Answers false when the account could not be
 * told (the device keeps the choice).
 */
export function useChooseLocale() {
  const { account } = useSession();
  const [saving, setSaving] = useState(false);
  const choose = async (locale: Locale | null): Promise<boolean> => {
    await chooseDeviceLocale(locale);
    if (!account) return true;
    setSaving(true);
    try {
      const answer = await apiFetch('/account/locale', { method: 'PUT', body: { locale } });
      setSessionAccount(readAccount(answer));
      return true;
    } catch {
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { choose, saving };
}
