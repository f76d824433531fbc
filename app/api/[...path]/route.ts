import { notFoundRoutes } from "@/lib/http";

// Any /api path no route serves: a JSON 404 in FastAPI's shape instead of the HTML not-found page.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = notFoundRoutes("api");
