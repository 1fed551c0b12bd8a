/**
 * Project files repository: the only writer of local file rows and blobs.
 * `attach` keeps the blob in IndexedDB and queues its upload; the engine
 * uploads to `projects/{projectId}/{timestamp}.{ext}` and only then pushes the
 * `project_files` insert, so no row points at a missing object. Deleting
 * works offline.
 */
import { getFileDownloader, type FileDownloader } from './fileTransfer';
import { storableText, textLength, TEXT_LIMITS } from '../domain/userText';
import { newId } from './outbox';
import { activeContext, type RepoContext } from './repoContext';
import { syncedTable } from './syncedTable';
import type { ProjectFileRow } from './types';
import { failure, type Outcome } from '../../shared/outcome';

/** What the screens say of a file whose row is missing or deleted on the device (openBlob throws it, remove answers not_found). */
export const FILE_NOT_FOUND_TEXT = 'File not found';

/** Extension of an upload: from the file name, else the MIME subtype, else `bin`. */
export function fileExtension(fileName: string, mimeType: string): string {
  const dot = fileName.lastIndexOf('.');
  if (dot > 0 && dot < fileName.length - 1) return fileName.slice(dot + 1).toLowerCase();
  const sub = mimeType.split('/')[1];
  return sub ? sub.replace(/[^a-z0-9]/gi, '').toLowerCase() || 'bin' : 'bin';
}

/** The local key of a file's thumbnail (never a project_files id, which is a UUID). */
export function thumbKey(fileId: string): string {
  return `thumb:${fileId}`;
}

/** Builds the files repository over a context (the app uses `filesRepo`). */
export function createFilesRepo(
  ctx: RepoContext,
  getDownloader: () => FileDownloader | null = getFileDownloader,
) {
  const files = syncedTable<ProjectFileRow>(ctx, {
    table: 'project_files',
    // A file's blob goes with its row.
    alsoWrites: (db) => [db.file_blobs],
    afterRemove: (db, row) => db.file_blobs.delete(row.id),
  });

  return {
    /**
     * Attaches a file to a project. Product rules "Backend calls": upload path
     * `projects/{projectId}/{timestamp}.{extension}`, row with project_id,
     * file_name, file_path, file_size (bytes), file_type, user_id. The row is
     * pending until the upload and the insert reach the server.
     */
    /**
     * The live file of `projectId` whose bytes on this device equal `file`'s
     * (same size, type and content), else null: a photo picked again, e.g.
     * for a message, is the same project file and not a second row under
     * Files. Files whose bytes are not on this device are not compared.
     */
    async sameContent(projectId: string, file: Blob): Promise<ProjectFileRow | null> {
      const db = ctx.getDb();
      const candidates = (await db.project_files.where('project_id').equals(projectId).toArray())
        .filter((f) => !f.deleted_at && f.file_size === file.size)
        .sort((a, b) => a.created_at.localeCompare(b.created_at));
      if (candidates.length === 0) return null;
      const wanted = new Uint8Array(await file.arrayBuffer());
      for (const f of candidates) {
        const stored = await db.file_blobs.get(f.id);
        if (!stored) continue;
        const bytes = new Uint8Array(await stored.blob.arrayBuffer());
        if (bytes.length === wanted.length && bytes.every((b, i) => b === wanted[i])) return f;
      }
      return null;
    },

    /**
     * Like `attach`, but gives back the project's file with the same bytes
     * when this device has one (`sameContent`) instead of a second row.
     */
    async attachOnce(
      projectId: string,
      file: Blob,
      picked: string,
    ): Promise<{ row: ProjectFileRow; reused: boolean }> {
      const same = await this.sameContent(projectId, file);
      if (same) return { row: same, reused: true };
      return { row: await this.attach(projectId, file, picked), reused: false };
    },

    async attach(projectId: string, file: Blob, picked: string): Promise<ProjectFileRow> {
      // The one text rule; a name past the limit keeps its extension (the file's own name, not the user's typing).
      const fileName = fitFileName(storableText(picked));
      const db = ctx.getDb();
      const nowMs = ctx.now();
      const nowIso = new Date(nowMs).toISOString();
      const id = newId();
      const fileType = file.type || 'application/octet-stream';
      const path = `projects/${projectId}/${nowMs}.${fileExtension(fileName, fileType)}`;
      const columns = {
        id,
        project_id: projectId,
        file_name: fileName,
        file_path: path,
        file_size: file.size,
        file_type: fileType,
        user_id: db.userId,
      };
      const row: ProjectFileRow = {
        ...columns,
        version: 0,
        created_at: nowIso,
        updated_at: nowIso,
        deleted_at: null,
        txid: '',
      };
      await files.write(async () => {
        await files.create(row, columns, { upload: { fileId: id, path, uploaded: false } });
        await db.file_blobs.put({ fileId: id, blob: file, pendingUpload: true });
      });
      return row;
    },

    /**
     * Deletes a file (works offline): tombstone locally, queue the row delete;
     * the engine removes the Storage object after the server confirms. A file
     * never uploaded is simply dropped. `failure('not_found')` when missing.
     */
    async remove(fileId: string): Promise<Outcome<void, 'not_found'>> {
      return files.write(async () => {
        const current = await files.live(fileId);
        if (!current) return failure('not_found');
        await files.remove(current, { removeObject: current.file_path });
        return { ok: true, value: undefined } as const;
      });
    },

    /**
     * The file's content: the cached blob, else downloaded (when sync runs)
     * and cached for offline viewing. Throws with the provider's message, or
     * 'File not found' / 'This file is not available offline'.
     */
    async openBlob(fileId: string): Promise<Blob> {
      const db = ctx.getDb();
      const cached = await db.file_blobs.get(fileId);
      if (cached) return cached.blob;
      const row = await db.project_files.get(fileId);
      if (!row || row.deleted_at) throw new Error(FILE_NOT_FOUND_TEXT);
      const download = getDownloader();
      if (!download) throw new Error('This file is not available offline');
      const blob = await download(row.file_path);
      await db.file_blobs.put({ fileId, blob, pendingUpload: false });
      return blob;
    },

    /** The stored thumbnail of a file (made on this device), or null. */
    async loadThumbnail(fileId: string): Promise<Blob | null> {
      return (await ctx.getDb().file_blobs.get(thumbKey(fileId)))?.blob ?? null;
    },

    /** Keeps a file's thumbnail next to the file blobs (never uploaded). */
    async storeThumbnail(fileId: string, thumb: Blob): Promise<void> {
      await ctx
        .getDb()
        .file_blobs.put({ fileId: thumbKey(fileId), blob: thumb, pendingUpload: false });
    },

    /** Removes a file's thumbnail (when the file is deleted). */
    async removeThumbnail(fileId: string): Promise<void> {
      await ctx.getDb().file_blobs.delete(thumbKey(fileId));
    },
  };
}

export type FilesRepo = ReturnType<typeof createFilesRepo>;

/** The app's files repository (active user's database). */
export const filesRepo: FilesRepo = createFilesRepo(activeContext);

/**
 * A picked file's name within the text rule's limit: a name past it (a
 * device's own long name, not typed here) keeps its start and its extension.
 */
function fitFileName(name: string): string {
  const limit = TEXT_LIMITS['project_files.file_name'];
  if (textLength(name) <= limit) return name;
  const chars = Array.from(name);
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? Array.from(name.slice(dot)).slice(0, 16) : [];
  return [...chars.slice(0, limit - ext.length), ...ext].join('');
}
