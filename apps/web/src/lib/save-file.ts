/** Hands a file to the browser to save, under `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns: let go of the file a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
