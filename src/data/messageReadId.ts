/**
 * The id of a member's read marker on a project (`message_reads`). A member
 * has one marker per project, and two of its devices may both create it
 * offline, so the id is derived, not random: the first 16 bytes of SHA-256
 * over "<project uuid>:<user uuid>" (lower-case), as a uuid. The server
 * derives the same (`private.message_read_id`) and refuses another, so the
 * second device's insert lands on the first one's row.
 */

/** The marker id of `userId` on `projectId` (uuid text). Rejects where WebCrypto is missing (never in a secure context). */
export async function messageReadId(projectId: string, userId: string): Promise<string> {
  const text = `${projectId.toLowerCase()}:${userId.toLowerCase()}`;
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)),
  );
  const hex = Array.from(digest.subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
