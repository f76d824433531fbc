import { getBatchImageRoute } from "@/lib/batches/batch-reading.contract";
import { openBatchImage } from "@/lib/batches/open-batch-image";
import { getDb } from "@/lib/db";
import { route, sendFile, serveRoutes, type NextRouteHandler } from "@/lib/http";
import { parseRangeHeader } from "@/lib/storage/parse-range-header";
import { getBlobStore } from "@/lib/storage";

// GET /api/batch/image/{storage_key} – stream a page image (token query for <img> tags)
const image = route(getBatchImageRoute, async ({ req, caller, params, query }) =>
  sendFile(
    await openBatchImage({
      db: await getDb(),
      store: getBlobStore(),
      storageKey: params.storage_key,
      token: query.token,
      caller,
      range: parseRangeHeader(req.headers.get("range")),
    }),
  ),
);

// The key spans several path segments, which the catch-all hands over as an array.
const imageByKey: NextRouteHandler = Object.assign(
  (req: Request, context: { params: Promise<Record<string, string | string[] | undefined>> }) =>
    image(req, {
      params: context.params.then((params) => ({ storage_key: [params.storage_key ?? []].flat().join("/") })),
    }),
  { contract: getBatchImageRoute },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(imageByKey);
