import { describe, expect, it } from 'vitest';
import { DASHBOARD_TEXTS } from './dashboard-texts.ts';

describe('the readiness line of the next service', () => {
  it('counts the confirmed positions and names the declined ones', () => {
    expect(DASHBOARD_TEXTS.readiness({ assigned: 5, confirmed: 4, declined: ['Vocal'] })).toBe(
      '4 of 5 confirmed · Vocal declined',
    );
    expect(
      DASHBOARD_TEXTS.readiness({ assigned: 5, confirmed: 2, declined: ['Vocal', 'Bass', 'Keys'] }),
    ).toBe('2 of 5 confirmed · Vocal, Bass and Keys declined');
  });

  it('says nothing of declines when there are none, and when no one is assigned says so', () => {
    expect(DASHBOARD_TEXTS.readiness({ assigned: 3, confirmed: 1, declined: [] })).toBe(
      '1 of 3 confirmed',
    );
    expect(DASHBOARD_TEXTS.readiness({ assigned: 0, confirmed: 0, declined: [] })).toBe(
      'No one assigned yet',
    );
  });
});
