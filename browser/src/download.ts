import { parse } from 'content-disposition';

/**
 * Downloads in the browser apps (admin and visitor): the name a response gives its file, and the save
 * itself. Browser-only, so outside domain/, which the API imports.
 */

/** The file name of a response's Content-Disposition (its filename*, else filename), else `fallback`. */
export function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition');
  return (header && parse(header).parameters.filename) || fallback;
}

/** Saves bytes under a name through a temporary object URL (the browser's download). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoking at once can cancel the save in some browsers; the URL is only a handle to the bytes in memory.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
