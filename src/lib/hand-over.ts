/** Hands a blob to the browser: opened in a new tab, or saved under `fileName`. */
export function handOver(blob: Blob, fileName?: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  if (fileName) link.download = fileName;
  else link.target = '_blank';
  link.rel = 'noopener';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
