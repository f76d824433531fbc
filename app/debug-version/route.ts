import { debugVersionRoute } from "@/lib/diagnostics/diagnostics.contract";
import { getVersionInfo } from "@/lib/diagnostics/get-version-info";
import { route, serveRoutes } from "@/lib/http";

// GET /debug-version – versions and the backends in use
const getVersion = route(debugVersionRoute, async () => getVersionInfo());

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(getVersion);
