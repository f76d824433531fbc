import { z } from "zod";
import { defineRoute } from "@/lib/contracts/contract";
import { ApiUsageResponse } from "@/lib/usage/schemas";
import { WebhookDeliveryResponse } from "@/lib/webhooks/serialize-webhook-delivery";
import { JobListResponse, ListJobsQuery } from "./list-jobs";
import { listModels, ModelListResponse } from "@/lib/v1/list-models";
import { DeveloperErrorSchema } from "@/lib/contracts/error-schemas";
import { JobResponse } from "./serialize-job";
import {
  cancelledJobExample,
  jobExample,
  jobListExample,
  usageExample,
  webhookDeliveryExample,
} from "@/lib/v1/v1-examples";

const JobParams = z.object({ id: z.string().describe("Job id (UUID).") });
const jobTags = ["Jobs"];

export const getJobRoute = defineRoute({
  method: "GET",
  path: "/v1/jobs/{id}",
  surface: "v1",
  auth: "api_key",
  operationId: "v1GetJob",
  summary: "Get a job",
  description:
    "Poll this until status is completed, failed or cancelled. result is present when completed; error {code, message} when failed; progress while processing. Other accounts' jobs answer 404.",
  tags: jobTags,
  params: JobParams,
  responses: {
    200: { description: "The job.", schema: JobResponse, example: jobExample },
    404: {
      description: "No such job among the key owner's (another account's job answers 404 too).",
      schema: DeveloperErrorSchema,
      example: { error: { code: "not_found", message: "Job 3f0c2a4e-1b7d-4c1e-9a55-0d2b8e6f7a10 not found" } },
    },
  },
});

export const listJobsRoute = defineRoute({
  method: "GET",
  path: "/v1/jobs",
  surface: "v1",
  auth: "api_key",
  operationId: "v1ListJobs",
  summary: "List jobs, newest first",
  description:
    "Cursor pagination: pass next_cursor as cursor to get the next page; has_more is false on the last page.",
  tags: jobTags,
  query: ListJobsQuery,
  responses: { 200: { description: "A page of jobs.", schema: JobListResponse, example: jobListExample } },
});

export const cancelJobRoute = defineRoute({
  method: "POST",
  path: "/v1/jobs/{id}/cancel",
  surface: "v1",
  auth: "api_key",
  operationId: "v1CancelJob",
  summary: "Cancel a processing job",
  description:
    "The job's status becomes cancelled (error.code cancelled) and nothing more is charged. Cancelling a cancelled job answers it again; a completed or failed job answers 409.",
  tags: jobTags,
  params: JobParams,
  responses: {
    200: { description: "The cancelled job.", schema: JobResponse, example: cancelledJobExample },
    409: { description: "The job already completed or failed." },
  },
});

export const downloadJobRoute = defineRoute({
  method: "GET",
  path: "/v1/jobs/{id}/download",
  surface: "v1",
  auth: "api_key",
  operationId: "v1DownloadJob",
  summary: "Download the file a job produced",
  description:
    "The filled PDF or workbook, with its content type and file name. Available until expires_at, 7 days after the job was created; 410 afterwards.",
  tags: jobTags,
  params: JobParams,
  responses: {
    200: {
      description: "The file (text/csv, application/xml, application/pdf, or a workbook).",
      contentType: "application/octet-stream",
      example: "field,value\r\ninvoice_number,INV-1042\r\n",
    },
    404: { description: "No such job, or it produced no file (yet)." },
    410: { description: "The file expired." },
  },
});

export const listJobWebhooksRoute = defineRoute({
  method: "GET",
  path: "/v1/jobs/{id}/webhooks",
  surface: "v1",
  auth: "api_key",
  operationId: "v1ListJobWebhooks",
  summary: "Webhook deliveries of a job",
  description: "Every delivery of the job's webhook with each attempt's status code, duration and error.",
  tags: ["Webhooks"],
  params: JobParams,
  responses: {
    200: {
      description: "The deliveries, oldest first.",
      schema: z.array(WebhookDeliveryResponse),
      example: [webhookDeliveryExample],
    },
  },
});

export const redeliverJobWebhookRoute = defineRoute({
  method: "POST",
  path: "/v1/jobs/{id}/webhooks/redeliver",
  surface: "v1",
  auth: "api_key",
  operationId: "v1RedeliverJobWebhook",
  summary: "Send a finished job's webhook again",
  description:
    "A new delivery (its own webhook-id, up to three attempts) of the job as it is now. Receivers deduplicate by job_id.",
  tags: ["Webhooks"],
  params: JobParams,
  responses: {
    202: {
      description: "The new delivery.",
      schema: WebhookDeliveryResponse,
      example: { ...webhookDeliveryExample, status: "pending", completed_at: null, attempts: [] },
    },
    409: { description: "The job has no webhook_url or is still processing." },
  },
});

export const listModelsRoute = defineRoute({
  method: "GET",
  path: "/v1/models",
  surface: "v1",
  auth: "api_key",
  operationId: "v1ListModels",
  summary: "Models, their costs and capabilities, and pricing",
  tags: ["Reference"],
  responses: { 200: { description: "Models and pricing.", schema: ModelListResponse, example: listModels() } },
});

export const getUsageRoute = defineRoute({
  method: "GET",
  path: "/v1/usage",
  surface: "v1",
  auth: "api_key",
  operationId: "v1GetUsage",
  summary: "Usage in the current billing period",
  description:
    "Requests (jobs), documents and pages processed, tokens by model, the calendar-month billing period (UTC) and the tier's allowance and limits.",
  tags: ["Reference"],
  responses: { 200: { description: "Usage this billing period.", schema: ApiUsageResponse, example: usageExample } },
});
