import { notFoundRoutes } from "@/lib/http";

// Any /v1 path no route serves: a JSON 404 as {"error":{"code":"not_found",…}}.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = notFoundRoutes("v1");
