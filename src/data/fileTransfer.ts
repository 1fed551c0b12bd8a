/**
 * The file downloader the sync engine registers (src/data sits below sync/ and
 * never talks to the network itself). `filesRepo.openBlob` uses it when the
 * blob is not cached.
 */

/** Downloads a Storage object by its name; rejects with the provider's message. */
export type FileDownloader = (path: string) => Promise<Blob>;

let downloader: FileDownloader | null = null;

/** Registers (or clears, with null) the downloader; returns the previous one. */
export function setFileDownloader(fn: FileDownloader | null): FileDownloader | null {
  const previous = downloader;
  downloader = fn;
  return previous;
}

/** The registered downloader, or null when sync is not running. */
export function getFileDownloader(): FileDownloader | null {
  return downloader;
}
