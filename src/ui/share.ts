/**
 * Sending a file (a door order, a quote) from a tablet or phone: the Web Share API with files
 * (the system share sheet: mail, messages, a drive) where the browser can
 * share that file; a plain download everywhere else.
 */

/** True on touch-first devices (tablets, phones), where a share sheet is what people expect. */
export function isTouchDevice(): boolean {
  if (typeof navigator === 'undefined') return false;
  return (
    (navigator.maxTouchPoints ?? 0) > 0 ||
    (typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches)
  );
}

/** True when this browser can share this file through `navigator.share`. */
export function canShareFile(file: File): boolean {
  if (
    typeof navigator === 'undefined' ||
    typeof navigator.share !== 'function' ||
    typeof navigator.canShare !== 'function'
  )
    return false;
  try {
    return navigator.canShare({ files: [file] });
  } catch {
    return false;
  }
}

/** Saves a blob under a file name through a temporary link. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Shares the file through the share sheet when the browser can, else
 * downloads it. Resolves to what happened; the user closing the share sheet
 * is 'cancelled', not an error. Other share failures fall back to a download.
 */
export async function shareOrDownload(
  file: File,
  title: string,
): Promise<'shared' | 'cancelled' | 'downloaded'> {
  if (canShareFile(file)) {
    try {
      await navigator.share({ files: [file], title });
      return 'shared';
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return 'cancelled';
    }
  }
  downloadBlob(file, file.name);
  return 'downloaded';
}

/**
 * Shares a text (title and body) through the share sheet where the browser
 * has one, else downloads it as a .txt file named `fileName`. Resolves to
 * what happened; closing the share sheet is 'cancelled'.
 */
export async function shareTextOrDownload(
  title: string,
  text: string,
  fileName: string,
): Promise<'shared' | 'cancelled' | 'downloaded'> {
  if (typeof navigator !== 'undefined' && typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text });
      return 'shared';
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return 'cancelled';
    }
  }
  downloadBlob(new Blob([text], { type: 'text/plain' }), fileName);
  return 'downloaded';
}
