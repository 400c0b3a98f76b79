import { describe, expect, it } from 'vitest';
import { lastFullQuarter } from './ccli-period.ts';

describe('lastFullQuarter', () => {
  it('is the quarter before the one today is in, across a year end', () => {
    expect(lastFullQuarter(new Date(2030, 4, 10))).toEqual({
      from: '2030-01-01',
      to: '2030-03-31',
    });
    expect(lastFullQuarter(new Date(2030, 0, 1))).toEqual({ from: '2029-10-01', to: '2029-12-31' });
    expect(lastFullQuarter(new Date(2030, 2, 31))).toEqual({
      from: '2029-10-01',
      to: '2029-12-31',
    });
    expect(lastFullQuarter(new Date(2030, 3, 1))).toEqual({ from: '2030-01-01', to: '2030-03-31' });
    expect(lastFullQuarter(new Date(2028, 8, 30))).toEqual({
      from: '2028-04-01',
      to: '2028-06-30',
    });
    expect(lastFullQuarter(new Date(2030, 11, 31))).toEqual({
      from: '2030-07-01',
      to: '2030-09-30',
    });
  });
});
