import { KEYS } from '@segue/shared';
import type { Key } from '@segue/shared';
import { useT } from '../lib/i18n/i18n.ts';

const MAJOR_KEYS = KEYS.filter((key) => !key.endsWith('m'));
const MINOR_KEYS = KEYS.filter((key) => key.endsWith('m'));

/**
 * The keys of a native key select, grouped Major and Minor, after the select's own first
 * option. A stored key spelled otherwise than the list (Gb) stays choosable.
 */
export function KeyOptions({ value }: { value: string | null }) {
  const t = useT();
  const otherKey = value && !KEYS.includes(value as Key) ? value : null;
  return (
    <>
      {otherKey && <option value={otherKey}>{otherKey}</option>}
      <optgroup label={t('common.keysMajor')}>
        {MAJOR_KEYS.map((key) => (
          <option key={key} value={key}>
            {key}
          </option>
        ))}
      </optgroup>
      <optgroup label={t('common.keysMinor')}>
        {MINOR_KEYS.map((key) => (
          <option key={key} value={key}>
            {key}
          </option>
        ))}
      </optgroup>
    </>
  );
}
