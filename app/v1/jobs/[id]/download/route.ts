import { getDb } from "@/lib/db";
import { getBlobStore } from "@/lib/storage";
import { route, sendFile, serveRoutes } from "@/lib/http";
import { downloadJobOutput } from "@/lib/v1/jobs/download-job-output";
import { downloadJobRoute } from "@/lib/v1/jobs/jobs.contract";

// GET /v1/jobs/{id}/download – the produced file until it expires
const download = route(downloadJobRoute, async ({ caller, params }) =>
  sendFile(
    await downloadJobOutput({ db: await getDb(), store: getBlobStore(), userId: caller.user.id, jobId: params.id }),
  ),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(download);
