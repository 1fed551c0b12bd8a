/**
 * Photo thumbnails made on the device: scaled with createImageBitmap and a
 * canvas when a photo is attached (or first opened, for photos from another
 * device), stored in this user's local database next to the file blobs
 * (through the files repository), so the grid shows them offline and never
 * loads the full photo for a tile. Loading, storing and removing reject when
 * no user database is open.
 */
import { filesRepo } from '../data';

/** Longest side of a thumbnail, CSS pixels × 2 for sharp tiles on tablets. */
export const THUMB_MAX_PX = 320;

/**
 * Scales an image down to at most `maxPx` on its longest side, as a JPEG.
 * Null when the browser cannot decode the image (then the tile shows the
 * file's extension).
 */
export async function makeThumbnail(image: Blob, maxPx = THUMB_MAX_PX): Promise<Blob | null> {
  if (typeof createImageBitmap !== 'function') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(image);
  } catch {
    return null;
  }
  try {
    const scale = Math.min(1, maxPx / Math.max(bitmap.width, bitmap.height, 1));
    const w = Math.max(1, Math.round(bitmap.width * scale));
    const h = Math.max(1, Math.round(bitmap.height * scale));
    if (typeof OffscreenCanvas === 'function') {
      const canvas = new OffscreenCanvas(w, h);
      const g = canvas.getContext('2d');
      if (!g) return null;
      g.drawImage(bitmap, 0, 0, w, h);
      return await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.82 });
    }
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const g = canvas.getContext('2d');
    if (!g) return null;
    g.drawImage(bitmap, 0, 0, w, h);
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.82));
  } finally {
    bitmap.close();
  }
}

/** The stored thumbnail of a file, or null. */
export function loadThumbnail(fileId: string): Promise<Blob | null> {
  return filesRepo.loadThumbnail(fileId);
}

/** Makes and stores the thumbnail of an image file; resolves to it, or null when it cannot be made. */
export async function storeThumbnail(fileId: string, image: Blob): Promise<Blob | null> {
  const thumb = await makeThumbnail(image);
  if (!thumb) return null;
  await filesRepo.storeThumbnail(fileId, thumb);
  return thumb;
}

/** Removes a file's thumbnail (when the file is deleted). */
export function removeThumbnail(fileId: string): Promise<void> {
  return filesRepo.removeThumbnail(fileId);
}
