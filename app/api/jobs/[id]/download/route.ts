import { getDb } from "@/lib/db";
import { route, sendFile, serveRoutes } from "@/lib/http";
import { getBlobStore } from "@/lib/storage";
import { browserDownloadJobRoute } from "@/lib/studio/studio.contract";
import { downloadJobOutput } from "@/lib/v1/jobs/download-job-output";

// GET /api/jobs/{id}/download – the filled file, for the signed-in user
const download = route(browserDownloadJobRoute, async ({ caller, params }) =>
  sendFile(
    await downloadJobOutput({ db: await getDb(), store: getBlobStore(), userId: caller.user.id, jobId: params.id }),
  ),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(download);
