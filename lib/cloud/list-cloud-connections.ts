import type { Db } from "@/lib/db";
import { toCloudConnectionResponse } from "./to-cloud-connection-response";

/** The user's connections, without their tokens. */
export async function listCloudConnections(options: { db: Db; userId: string }) {
  const { db, userId } = options;
  const connections = await db.cloudConnection.findMany({ where: { userId }, orderBy: { createdAt: "asc" } });
  return connections.map(toCloudConnectionResponse);
}
