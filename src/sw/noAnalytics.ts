/**
 * iceberg-js as the service worker's build sees it (vite.config.ts points the
 * package here, for the worker only): storage-js reaches it only for analytics
 * buckets, and the worker only uploads and removes the project's files.
 */
export class IcebergRestCatalog {
  constructor(_options?: unknown) {
    throw new Error('Analytics buckets are not available in the service worker');
  }
}
