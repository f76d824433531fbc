/** The version of the HTTP API's contract: the OpenAPI document's info.version, /health and /version. */
export const API_VERSION = "0.1.0";
