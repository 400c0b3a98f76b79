import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../../lib/i18n/i18n.ts';
import { readinessLine } from './dashboard-texts.ts';

describe('the readiness line of the next service', () => {
  afterAll(() => activateLocale('en'));

  it('counts the confirmed positions and names the declined ones', () => {
    expect(readinessLine({ assigned: 5, confirmed: 4, declined: ['Vocal'] })).toBe(
      '4 of 5 confirmed · Vocal declined',
    );
    expect(readinessLine({ assigned: 5, confirmed: 2, declined: ['Vocal', 'Bass', 'Keys'] })).toBe(
      '2 of 5 confirmed · Vocal, Bass and Keys declined',
    );
  });

  it('says nothing of declines when there are none, and when no one is assigned says so', () => {
    expect(readinessLine({ assigned: 3, confirmed: 1, declined: [] })).toBe('1 of 3 confirmed');
    expect(readinessLine({ assigned: 0, confirmed: 0, declined: [] })).toBe('No one assigned yet');
  });

  it('speaks the active language, names joined as it joins them', async () => {
    await activateLocale('es');
    expect(readinessLine({ assigned: 5, confirmed: 2, declined: ['Voz', 'Bajo'] })).toBe(
      '2 de 5 confirmados · Voz y Bajo no pueden',
    );
  });
});
