import { listFormatsRoute } from "@/lib/v1/extract/extract.contract";
import { listFormats } from "@/lib/v1/extract/list-formats";
import { route, serveRoutes } from "@/lib/http";

// GET /v1/formats – the input formats this server reads
const list = route(listFormatsRoute, async () => listFormats());

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(list);
