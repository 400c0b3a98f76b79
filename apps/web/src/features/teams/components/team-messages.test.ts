import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TEAM_FIELD_MESSAGES } from './team-messages.ts';

const english = JSON.parse(
  readFileSync(new URL('../../../locales/en.json', import.meta.url), 'utf8'),
) as Record<string, string>;

describe('the Teams screens’ field messages', () => {
  it('have keys whose English is the shared schema’s text, word for word', () => {
    expect(TEAM_FIELD_MESSAGES.size).toBe(14);
    for (const [text, key] of TEAM_FIELD_MESSAGES) {
      expect(text, key).toBeTypeOf('string');
      expect(english[key], key).toBe(text);
    }
  });
});
