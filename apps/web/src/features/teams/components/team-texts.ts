import type { Person } from '@segue/shared';

/** How a person is named in lists: name, else e-mail, else id. */
export function personLabel(person: Person | undefined, fallbackId: string): string {
  return person?.name.trim() || person?.email || fallbackId;
}
