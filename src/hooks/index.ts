/**
 * React hooks over the local database: every read a screen makes, through
 * Dexie's `useLiveQuery` (through ./liveRead.ts; `undefined` while loading or
 * while no user database is open). They sit above src/data, which stays free of React.
 */
export { useActiveUserId } from './useActiveUserId';
export {
  useProjects,
  useProjectCounts,
  useProject,
  useProfile,
  useProjectFiles,
  useDeadLetters,
  useConflicts,
  usePendingOps,
  useRowUnsynced,
  useRowSync,
  useRowSyncs,
  useAllProjects,
  useLastBackgroundSync,
} from './liveQueries';
export {
  useMyMembership,
  useProjectMembers,
  useSharedProjects,
  useJob,
  useJobs,
  useJobContractors,
  type SharedProject,
} from './membershipHooks';
export { useProjectQuotes, useQuote, useMyQuotes, useReceivedQuotes } from './quoteHooks';
export { useProjectReview, useContractorReviews, useContractorRatings } from './reviewHooks';
export { useServerReachable } from './useServerReachable';
export { useProjectVisits, useAllVisits } from './visitHooks';
export { useProjectMoney, useIssuedInvoices, type ProjectMoneyRows } from './moneyHooks';
export { useDoorOrders, useDoorMakers } from './doorOrderHooks';
export { useProjectPunchList, useProjectSignoff } from './punchListHooks';
export { useThread, useUnreadCounts, useOthersReadUpTo } from './messageHooks';
