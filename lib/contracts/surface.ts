/** The two HTTP surfaces: `/api` answers FastAPI-shaped errors, `/v1` the developer API's `{ error }`. */
export type Surface = "api" | "v1";
