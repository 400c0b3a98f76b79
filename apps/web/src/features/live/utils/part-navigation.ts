/**
 * The index of the active part. A song may repeat a label ("Chorus" twice), so the label alone
 * is ambiguous: the first of `places` (this screen's own choice, then the server's
 * `currentPartPosition`) that still carries the label wins, else the first part with it.
 */
export function activePartIndex(
  labels: readonly string[],
  activeLabel: string | null,
  ...places: (number | null | undefined)[]
): number {
  if (activeLabel === null) return labels.length > 0 ? 0 : -1;
  const place = places.find((at) => at != null && labels[at] === activeLabel);
  if (place != null) return place;
  const found = labels.indexOf(activeLabel);
  // A label the song no longer has (edited mid-service): show its first part.
  return found >= 0 ? found : labels.length > 0 ? 0 : -1;
}
