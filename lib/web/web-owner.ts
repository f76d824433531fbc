/** Who owns a web session, and how many of them it may hold at once. */
export interface WebOwner {
  /** Sessions are found only by their owner's id: another owner's session_id is a 404. */
  ownerId: string;
  /** Open sessions allowed to this owner at once, one more a 429 (anonymous callers). */
  maxSessions?: number;
  /** A signed-in user's fair share of the pool: at it, the user's oldest idle session makes way. */
  share?: number;
  /** Signed-in users may attach their documents to file inputs; guests and anonymous callers may not. */
  userId?: string;
}
