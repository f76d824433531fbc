import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { logger } from "@/lib/log/logger";
import { getDb } from "@/lib/db";
import { resolveCaller } from "./caller/resolve-caller";
import type { Caller, CallerFor } from "./caller/types";
import type { RouteContract, RouteHook } from "./contract";
import { renderThrown } from "./error-response";
import { AppError } from "./errors";
import { SURFACE_HOOKS } from "./hooks";
import { validateInput, type RawInput } from "./parse-input";
import { DEFAULT_FORM_LIMIT_BYTES, DEFAULT_JSON_LIMIT_BYTES, parseFormBody, parseJsonBody, readBodyLimited, requireJsonContentType } from "./read-body";

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler receives: the caller for its auth mode and its validated, typed input. */
export interface HandlerContext<C extends RouteContract> {
  req: Request;
  caller: CallerFor<C["auth"]>;
  params: Output<C["params"]>;
  query: Output<C["query"]>;
  body: Output<C["body"]>;
  form: Output<C["form"]>;
}

/** Next.js calls route handlers with the request and a promise of the dynamic segments. */
export type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type NextRouteHandler = ((req: Request, context: NextRouteContext) => Promise<Response>) & { contract?: RouteContract };

/**
 * A Next.js route handler for the contract: resolve the caller, run the surface's hooks, validate
 * params/query/body/form, call the handler, and map every error to the surface's error shape.
 * The handler returns a Response as is, or a value sent as JSON with status 200.
 */
export function route<const C extends RouteContract>(contract: C, handler: (context: HandlerContext<C>) => Promise<unknown>): NextRouteHandler {
  const hooks = [...SURFACE_HOOKS[contract.surface], ...(contract.hooks ?? [])];

  const handle = async (req: Request, context: NextRouteContext, requestId: string): Promise<Response> => {
    const hookHeaders = new Headers();
    try {
      const raw: RawInput = { params: (await context?.params) ?? {}, searchParams: new URL(req.url).searchParams };
      // A guest may name its session in the form, so that form is read before identifying the caller;
      // otherwise credentials are checked first and an anonymous upload is refused unread.
      const guestInForm = contract.form !== undefined && (contract.auth === "user_or_guest" || contract.auth === "optional");
      if (guestInForm) await readBody(req, contract, raw);
      const runHooks = async (context: Omit<Parameters<RouteHook>[0], "req" | "contract">) => {
        for (const hook of hooks) {
          const headers = await hook({ req, contract, ...context });
          if (headers) for (const [name, value] of Object.entries(headers)) hookHeaders.set(name, value);
        }
      };
      const caller = await identify(req, contract, raw.form).catch(async (error: unknown) => {
        if (error instanceof AppError && error.status === 401) await runHooks({ caller: { kind: "anonymous" }, refused: true });
        throw error;
      });
      await runHooks({ caller });
      if (!guestInForm) await readBody(req, contract, raw);
      const input = validateInput(contract, raw);
      const result = await handler({ req, caller: caller as CallerFor<C["auth"]>, ...input } as HandlerContext<C>);
      return withHeaders(result instanceof Response ? result : Response.json(result ?? null), hookHeaders);
    } catch (error) {
      return renderThrown(contract.surface, error, { method: req.method, path: new URL(req.url).pathname, requestId }, hookHeaders);
    }
  };
  const nextHandler: NextRouteHandler = async (req, context) => {
    const requestId = randomUUID();
    const started = performance.now();
    const response = withHeaders(await handle(req, context, requestId), new Headers({ "X-Request-Id": requestId }));
    logger.info("request", { request_id: requestId, method: req.method, path: new URL(req.url).pathname, status: response.status, ms: Math.round(performance.now() - started) });
    return response;
  };
  nextHandler.contract = contract;
  return nextHandler;
}

async function identify(req: Request, contract: RouteContract, form: FormData | undefined): Promise<Caller> {
  if (contract.auth === "none") return { kind: "anonymous" };
  return resolveCaller({ db: await getDb(), req, surface: contract.surface, mode: contract.auth, form, queryTokenParam: contract.queryTokenParam });
}

async function readBody(req: Request, contract: RouteContract, raw: RawInput): Promise<void> {
  if (contract.body) {
    const bytes = await readBodyLimited(req, contract.maxBodyBytes ?? DEFAULT_JSON_LIMIT_BYTES);
    requireJsonContentType(bytes, req.headers.get("content-type"));
    raw.json = parseJsonBody(bytes);
  } else if (contract.form) {
    const bytes = await readBodyLimited(req, contract.maxBodyBytes ?? DEFAULT_FORM_LIMIT_BYTES);
    raw.form = await parseFormBody(bytes, req.headers.get("content-type"));
  }
}

function withHeaders(response: Response, headers: Headers): Response {
  if ([...headers.keys()].length === 0) return response;
  try {
    for (const [name, value] of headers) response.headers.set(name, value);
    return response;
  } catch {
    // Responses from fetch() have immutable headers: copy the response to add ours.
    const copy = new Response(response.body, response);
    for (const [name, value] of headers) copy.headers.set(name, value);
    return copy;
  }
}
