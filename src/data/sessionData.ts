/**
 * The part of the data layer the session wiring (src/app/session.ts) needs before the first screen:
 * opening the signed-in user's local database, the file downloader, the database's name. Loaded
 * as its own import, not through the layer's index (src/data/index.ts), so a signed-in cold start
 * fetches no repository the first screen does not use (the dashboard imports its own).
 */
export { setActiveUser, getActiveDb } from './activeUser';
export { setFileDownloader } from './fileTransfer';
export { dbNameFor } from './db';
