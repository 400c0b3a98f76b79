import { describe, expect, it } from 'vitest';
import { teamSearchFold } from './team-search.ts';

describe('teamSearchFold', () => {
  it('folds case, accents, apostrophes, punctuation and "saint"', () => {
    expect(teamSearchFold("St. Mark's Worship Team")).toBe('st marks worship team');
    for (const query of ['st mark', 'St Marks', 'saint-mark', 'ST. MARK’S', ' Saint Mark ']) {
      expect(teamSearchFold("St. Mark's Worship Team")).toContain(teamSearchFold(query));
    }
    expect(teamSearchFold('Église Réformée de Genève')).toBe('eglise reformee de geneve');
    expect(teamSearchFold('Łódź Chór')).toBe('łodz chor');
    expect(teamSearchFold('Saintly Singers')).toBe('saintly singers');
    expect(teamSearchFold('찬양팀 2')).toBe('찬양팀 2');
    expect(teamSearchFold('!!!')).toBe('');
  });
});
