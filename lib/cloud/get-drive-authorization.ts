import { getConfig } from "@/lib/config";

/** Read-only access to the drive, and the account's e-mail so the connection can say whose drive it is. */
export const DRIVE_SCOPES = "openid email https://www.googleapis.com/auth/drive.readonly";

export interface DriveAuthorization {
  authorizeUrl: string;
  clientId: string;
  scope: string;
}

/** What the browser needs to send the person to the drive's consent screen; null when connections are not configured. */
export function getDriveAuthorization(): DriveAuthorization | null {
  const config = getConfig();
  if (!config.OIDC_CLIENT_ID) return null;
  return { authorizeUrl: config.CLOUD_AUTHORIZE_URL, clientId: config.OIDC_CLIENT_ID, scope: DRIVE_SCOPES };
}
