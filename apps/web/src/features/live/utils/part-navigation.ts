/**
 * The index of the active part. The live channel names parts by label, so a song that repeats
 * a label ("Chorus" twice) is ambiguous: the part this screen chose (`chosenIndex`) wins while
 * it still carries the label, else the first part with it.
 */
export function activePartIndex(
  labels: readonly string[],
  activeLabel: string | null,
  chosenIndex: number | null,
): number {
  if (activeLabel === null) return labels.length > 0 ? 0 : -1;
  if (chosenIndex !== null && labels[chosenIndex] === activeLabel) return chosenIndex;
  const found = labels.indexOf(activeLabel);
  // A label the song no longer has (edited mid-service): show its first part.
  return found >= 0 ? found : labels.length > 0 ? 0 : -1;
}
