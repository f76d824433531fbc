import type { z } from "zod";
import { getDb } from "@/lib/db";
import { resolveCaller } from "@/lib/auth/caller/resolve-caller";
import type { Caller, CallerFor } from "@/lib/contracts/caller";
import type { RouteContract, RouteHook } from "@/lib/contracts/contract";
import { renderThrown } from "./error-response";
import { AppError } from "@/lib/errors/app-error";
import type { IdempotentAnswer } from "@/lib/idempotency/with-idempotency";
import { answerIdempotently } from "./answer-idempotently";
import { bodyLimitFor } from "./body-limit";
import { withRequestLog } from "./log-request";
import { readCredential, readGuestSessionId } from "@/lib/auth/caller/credentials";
import { SURFACE_HOOKS } from "./hooks";
import { assertSafeInput, multiValues } from "./input-safety";
import { validateInput, type RawInput } from "./parse-input";
import { uploadSpool, type UploadSpool } from "./multipart/upload-spool";
import { parseJsonBody, readBodyLimited, readFormBody, requireJsonContentType } from "./read-body";

/** nginx's status for a request whose client closed the connection before the answer; logged, never seen. */
const CLIENT_CLOSED_REQUEST = 499;

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
export type NextRouteHandler = ((req: Request, context: NextRouteContext) => Promise<Response>) & {
  contract?: RouteContract;
};

/**
 * A Next.js route handler for the contract: resolve the caller, run the surface's hooks, validate
 * params/query/body/form, call the handler, and map every error to the surface's error shape.
 * The handler returns a Response as is, or a value sent as JSON with status 200.
 */
export function route<const C extends RouteContract>(
  contract: C,
  handler: (context: HandlerContext<C>) => Promise<unknown>,
): NextRouteHandler {
  const hooks = [...SURFACE_HOOKS[contract.surface], ...(contract.hooks ?? [])];

  const handle = async (req: Request, context: NextRouteContext, requestId: string): Promise<Response> => {
    const hookHeaders = new Headers();
    const spool = uploadSpool();
    try {
      const raw: RawInput = { params: (await context?.params) ?? {}, searchParams: new URL(req.url).searchParams };
      // Before anything (caller resolution included) hands a path or query value to the database.
      assertSafeInput([
        { value: raw.params, location: "path" },
        { value: multiValues(raw.searchParams.entries()), location: "query" },
      ]);
      // A guest may name its session in the form, so without credentials in the headers that form is
      // read first (within a guest's limit); otherwise credentials are checked first and a refused
      // caller's body is never read.
      const guestInForm =
        contract.form !== undefined &&
        (contract.auth === "user_or_guest" || contract.auth === "optional") &&
        !presentsCredentials(req, contract);
      if (guestInForm) await readBody(req, contract, { raw, spool, caller: undefined });
      const runHooks = async (context: Omit<Parameters<RouteHook>[0], "req" | "contract">) => {
        for (const hook of hooks) {
          const headers = await hook({ req, contract, ...context });
          if (headers) for (const [name, value] of Object.entries(headers)) hookHeaders.set(name, value);
        }
      };
      const caller = await identify(req, contract, raw.form).catch(async (error: unknown) => {
        if (error instanceof AppError && error.status === 401)
          await runHooks({ caller: { kind: "anonymous" }, refused: true });
        throw error;
      });
      await runHooks({ caller });
      if (!guestInForm) await readBody(req, contract, { raw, spool, caller });
      const input = validateInput(contract, raw);
      const run = () => handler({ req, caller: caller as CallerFor<C["auth"]>, ...input } as HandlerContext<C>);
      const idempotency = contract.idempotency;
      const result = idempotency
        ? await answerIdempotently({
            req,
            contract: { ...contract, idempotency },
            caller,
            form: input.form,
            produce: run as () => Promise<IdempotentAnswer>,
          })
        : await run();
      return withHeaders(result instanceof Response ? result : Response.json(result ?? null), hookHeaders);
    } catch (error) {
      // The client went away and the work stopped for it: there is nobody to answer and nothing failed.
      if (req.signal.aborted && error instanceof Error && error.name === "AbortError")
        return new Response(null, { status: CLIENT_CLOSED_REQUEST });
      return renderThrown({
        surface: contract.surface,
        thrown: error,
        context: { method: req.method, path: new URL(req.url).pathname, requestId },
        extraHeaders: hookHeaders,
      });
    } finally {
      await spool.remove();
    }
  };
  const nextHandler: NextRouteHandler = withRequestLog((req, requestId, context: NextRouteContext) =>
    handle(req, context, requestId),
  );
  nextHandler.contract = contract;
  return nextHandler;
}

async function identify(req: Request, contract: RouteContract, form: FormData | undefined): Promise<Caller> {
  if (contract.auth === "none") return { kind: "anonymous" };
  return resolveCaller({
    db: await getDb(),
    req,
    surface: contract.surface,
    mode: contract.auth,
    form,
    queryTokenParam: contract.queryTokenParam,
  });
}

function presentsCredentials(req: Request, contract: RouteContract): boolean {
  return (
    readCredential(req, { queryTokenParam: contract.queryTokenParam }) !== undefined ||
    readGuestSessionId(req) !== undefined
  );
}

async function readBody(
  req: Request,
  contract: RouteContract,
  { raw, spool, caller }: { raw: RawInput; spool: UploadSpool; caller: Caller | undefined },
): Promise<void> {
  const limit = bodyLimitFor(contract, caller);
  if (contract.body) {
    const bytes = await readBodyLimited(req, limit);
    requireJsonContentType(bytes, req.headers.get("content-type"));
    raw.json = parseJsonBody(bytes);
    if (raw.json.ok) assertSafeInput([{ value: raw.json.value, location: "body" }]);
  } else if (contract.form) {
    raw.form = await readFormBody(req, limit, spool);
    assertSafeInput([{ value: multiValues(raw.form.entries()), location: "body" }]);
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
