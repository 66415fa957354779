/** Saves bytes under a name through a temporary object URL (the browser's download). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Long enough for the download to start; the URL is only a handle to the bytes in memory.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
