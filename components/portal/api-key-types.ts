/** An API key as GET /api/users/me/api-keys lists it (APIKeyResponse). */
export interface ApiKeySummary {
  key_id: string;
  name: string;
  prefix: string;
  last_four: string;
  is_active: boolean;
  created_at: string;
  last_used_at: string | null;
  deactivated_at: string | null;
}

/** The answer of POST /api/users/me/api-keys: the only time the full key is visible. */
export interface CreatedApiKey {
  key_id: string;
  name: string;
  prefix: string;
  last_four: string;
  key: string;
  created_at: string;
}

/** How a key is recognised without showing it: sd_abc…wxyz. */
export function maskedKey(key: { prefix: string; last_four: string }): string {
  return `${key.prefix}…${key.last_four}`;
}
