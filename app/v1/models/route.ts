import { route, serveRoutes } from "@/lib/http";
import { listModelsRoute } from "@/lib/v1/jobs/jobs.contract";
import { listModels } from "@/lib/v1/list-models";

// GET /v1/models – models, their costs, capabilities and limits, and pricing
const list = route(listModelsRoute, async () => listModels());

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(list);
