import type { ServiceReadiness } from '@segue/shared';
import { t } from '../../lib/i18n/i18n.ts';
import { formatList } from '../../lib/i18n/format.ts';

/**
 * The band's readiness for the next service, for owners and admins, in the active language:
 * "4 of 5 confirmed · Vocal declined".
 */
export function readinessLine({ assigned, confirmed, declined }: ServiceReadiness): string {
  if (assigned === 0) return t('dashboard.noOneAssigned');
  return [
    t('dashboard.confirmedOf', { confirmed, assigned }),
    ...(declined.length > 0 ? [t('dashboard.declined', { names: formatList(declined) })] : []),
  ].join(' · ');
}
