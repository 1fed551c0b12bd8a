/**
 * Public API of the local data layer (docs/app-contracts.md, src/data).
 * Screens import from here: types, session wiring and repositories (their
 * React read hooks are in src/hooks).
 */
export type * from './types';
export { SYNC_TABLES } from './types';
export { visitsRepo, createVisitsRepo, type NewVisit, type VisitWriteError } from './visitsRepo';
export { moneyRepo, createMoneyRepo, type NewPayment } from './moneyRepo';
export {
  doorOrdersRepo,
  createDoorOrdersRepo,
  makerLocale,
  type NewDoorOrder,
  type DoorOrderWriteError,
  type StepFields,
} from './doorOrdersRepo';
export {
  punchListRepo,
  createPunchListRepo,
  PUNCH_LIMITS,
  type NewPunchItem,
  type PunchWriteError,
} from './punchListRepo';
export {
  setActiveUser,
  getActiveDb,
  getActiveUserId,
  hasUnsyncedChanges,
  setDexieOptions,
} from './activeUser';
export {
  projectsRepo,
  createProjectsRepo,
  type CreateProjectInput,
  type ProjectChanges,
  type ProjectUpdateOptions,
} from './projectsRepo';
export {
  threeWayMerge,
  editsSince,
  valueAt,
  withValueAt,
  type MergeConflict,
  type MergeResult,
} from './threeWayMerge';
// The cabinet-list merge (./cabinetMerge) is imported by the builder directly, so it loads with the
// builder and not with the dashboard's first screen.
export { profileRepo, createProfileRepo, type ProfileChanges } from './profileRepo';
export { sameJson, applyDetailsPatch } from './detailsPatch';
export { filesRepo, createFilesRepo, FILE_NOT_FOUND_TEXT } from './filesRepo';
export {
  quotesRepo,
  createQuotesRepo,
  type QuoteContent,
  type QuoteWriteError,
} from './quotesRepo';
export {
  messagesRepo,
  createMessagesRepo,
  messageEditable,
  type MessageWriteError,
} from './messagesRepo';
export {
  reviewsRepo,
  createReviewsRepo,
  reviewEditable,
  type ReviewWriteError,
} from './reviewsRepo';
export type { ThreadMessage, ThreadPage, DeliveryState } from './messageQueries';
export { deadLettersRepo, createDeadLettersRepo } from './deadLettersRepo';
export { conflictsRepo, createConflictsRepo } from './conflictsRepo';
export { queryProjects, countProjects, type ProjectQuery } from './projectQueries';
export { RefacingDb, dbNameFor, toProjectRow } from './db';
export { setFileDownloader, type FileDownloader } from './fileTransfer';
export {
  deleteAccountOnServer,
  unsyncedChangeCount,
  type AccountDeletionResult,
} from './accountDeletion';
