import type { RouteContract } from "@/lib/contracts/contract";
import * as accountContracts from "@/lib/auth/account.contract";
import * as adminContracts from "@/lib/admin/admin.contract";
import * as authContracts from "@/lib/auth/auth.contract";
import * as batchContracts from "@/lib/batches/batch.contract";
import * as batchReadingContracts from "@/lib/batches/batch-reading.contract";
import * as chatContracts from "@/lib/chat/chat.contract";
import * as idpContracts from "@/lib/auth/oidc/idp.contract";
import * as cloudContracts from "@/lib/cloud/cloud.contract";
import * as driveContracts from "@/lib/drive-import/drive.contract";
import * as diagnosticsContracts from "@/lib/diagnostics/diagnostics.contract";
import * as guestContracts from "@/lib/guest/guest.contract";
import * as matchSchemaContracts from "@/lib/match-schema/match-schema.contract";
import * as libraryContracts from "@/lib/library/library.contract";
import * as ocrContracts from "@/lib/ocr-api/ocr.contract";
import * as convertContracts from "@/lib/export/convert/convert.contract";
import * as exportContracts from "@/lib/export/export.contract";
import * as extractContracts from "@/lib/v1/extract/extract.contract";
import * as fillContracts from "@/lib/v1/fill/fill.contract";
import * as playgroundContracts from "@/lib/studio/playground.contract";
import * as studioContracts from "@/lib/studio/studio.contract";
import * as usersContracts from "@/lib/users/users.contract";
import * as v1JobsContracts from "@/lib/v1/jobs/jobs.contract";
import * as webContracts from "@/lib/web/web.contract";
import * as webhookDeliveryContracts from "@/lib/webhooks/webhook-deliveries.contract";
import * as webhookSecretContracts from "@/lib/webhooks/webhook-secret.contract";
import * as openApiContracts from "./openapi.contract";

/**
 * Every route contract the app serves, for the OpenAPI document. Next.js loads route files lazily,
 * so the document cannot discover them: each domain's *.contract.ts module is listed here once, and
 * every contract it exports is picked up. (openapi.test.ts fails when an app route is missing.)
 */
const CONTRACT_MODULES: readonly Record<string, unknown>[] = [
  diagnosticsContracts,
  adminContracts,
  openApiContracts,
  authContracts,
  accountContracts,
  idpContracts,
  usersContracts,
  cloudContracts,
  driveContracts,
  v1JobsContracts,
  extractContracts,
  fillContracts,
  studioContracts,
  playgroundContracts,
  webhookSecretContracts,
  webhookDeliveryContracts,
  batchContracts,
  batchReadingContracts,
  chatContracts,
  guestContracts,
  libraryContracts,
  exportContracts,
  convertContracts,
  matchSchemaContracts,
  ocrContracts,
  webContracts,
];

export function listRouteContracts(): RouteContract[] {
  return CONTRACT_MODULES.flatMap((module) => Object.values(module).filter(isRouteContract));
}

function isRouteContract(value: unknown): value is RouteContract {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Partial<RouteContract>;
  return (
    typeof candidate.method === "string" &&
    typeof candidate.path === "string" &&
    typeof candidate.operationId === "string" &&
    typeof candidate.responses === "object"
  );
}
