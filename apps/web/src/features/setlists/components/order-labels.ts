import { t } from '../../../lib/i18n/i18n.ts';

/**
 * Each song's name in the order: its title, and for a song played again "<title> (reprise)",
 * so every row's controls have a name of their own.
 */
export function entryLabels(titles: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return titles.map((title) => {
    const time = (seen.get(title) ?? 0) + 1;
    seen.set(title, time);
    if (time === 1) return title;
    return time === 2
      ? t('setlists.order.reprise', { title })
      : t('setlists.order.repriseNumbered', { title, time: time - 1 });
  });
}

/**
 * Each row's name in the order of service: songs as `entryLabels` names them, items
 * by their title ("Untitled item" before one is typed), numbered "(2)" when the name is taken
 * already, so no two rows' buttons share a name.
 */
export function orderLabels(
  rows: readonly ({ kind: 'song'; title: string } | { kind: 'item'; title: string })[],
): string[] {
  const songLabels = entryLabels(rows.filter((row) => row.kind === 'song').map((row) => row.title));
  const taken = new Set(songLabels);
  let song = 0;
  return rows.map((row) => {
    if (row.kind === 'song') return songLabels[song++] ?? row.title;
    const title = row.title.trim() || t('setlists.order.untitledItem');
    let label = title;
    for (let time = 2; taken.has(label); time += 1) {
      label = t('setlists.order.repeatedItem', { title, time });
    }
    taken.add(label);
    return label;
  });
}
