import { listFormatsRoute } from "@/lib/extract-api/extract.contract";
import { listFormats } from "@/lib/extract-api/list-formats";
import { route, serveRoutes } from "@/lib/http";

// GET /v1/formats – the input formats this server reads
const list = route(listFormatsRoute, async () => listFormats());

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(list);
