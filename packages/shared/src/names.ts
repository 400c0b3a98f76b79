import { TEXTS } from './texts.ts';

/** The first word of a full name, for greetings; 'User' when there is none. */
export function firstName(fullName: string | null | undefined): string {
  const first = (fullName ?? '').trim().split(/\s+/)[0];
  return first ? first : TEXTS.fallbackFirstName;
}
