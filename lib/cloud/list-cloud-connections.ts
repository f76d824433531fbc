import { getDb } from "@/lib/db";
import { toCloudConnectionResponse } from "./to-cloud-connection-response";

/** The user's connections, without their tokens. */
export async function listCloudConnections(userId: string) {
  const db = await getDb();
  const connections = await db.cloudConnection.findMany({ where: { userId }, orderBy: { createdAt: "asc" } });
  return connections.map(toCloudConnectionResponse);
}
