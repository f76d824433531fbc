import type { Db } from "@/lib/db";
import { isUuid } from "@/lib/batches/get-batch-or-throw";
import { AppError } from "@/lib/errors/app-error";

/** The user's drive connection: the one named, or their newest active one; 404 when there is none. */
export async function getDriveConnection(options: { db: Db; userId: string; connectionId?: string }) {
  const { db, userId, connectionId } = options;
  if (connectionId !== undefined && !isUuid(connectionId))
    throw new AppError("not_found", `Cloud connection ${connectionId} not found`);
  const connection = await db.cloudConnection.findFirst({
    where: { userId, provider: "google_drive", ...(connectionId ? { id: connectionId } : { status: "active" }) },
    orderBy: { createdAt: "desc" },
  });
  if (!connection)
    throw new AppError(
      "not_found",
      connectionId ? `Cloud connection ${connectionId} not found` : "Connect a Google Drive first (Settings).",
    );
  return connection;
}
