import { createHash, randomUUID } from "node:crypto";
import { DriveStandIn, type StandInDriveFile } from "./drive-stand-in";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";

// A local OpenID Connect issuer with its own signing keys: discovery, an authorize endpoint that
// approves at once, a token endpoint (authorization_code with client credentials, redirect_uri and
// PKCE checks; refresh_token) and a JWKS. The same server stands in for the cloud token endpoint.
//
// Who the authorize endpoint approves as: with `login_hint`, the identity registered for that email
// through POST /test/identities; without, `nextIdentity` (for tests that hold the issuer in-process).
// Test-only endpoints under /test/ let Playwright workers, which do not share the global setup's
// process, register identities, issue codes, sign (also forged) ID tokens and read token requests.

// A type rather than an interface so an identity passes as ID token claims (Record<string, unknown>).
export type Identity = {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
};

export interface SignIdTokenOptions {
  expiresIn?: string | number;
  audience?: string;
  issuer?: string;
  /** Signs with a key the JWKS does not publish: a forgery. */
  foreignKey?: boolean;
}

interface PendingCode {
  identity: Identity;
  redirectUri: string;
  nonce?: string;
  codeChallenge?: string;
  scope: string;
}

export interface LocalIssuer {
  issuer: string;
  /** The identity an authorization without login_hint approves as. */
  nextIdentity: Identity;
  /** Token endpoint requests received, for assertions. */
  tokenRequests: URLSearchParams[];
  /** Registers a code the token endpoint will accept without a browser (cloud drive tests). */
  issueCode(identity: Identity, options?: { redirectUri?: string; scope?: string }): string;
  signIdToken(claims: Record<string, unknown>, options?: SignIdTokenOptions): Promise<string>;
  close(): Promise<void>;
}

/** Starts the issuer on 127.0.0.1:`port` (0 picks a free port; read it from `issuer`). */
export async function startLocalIssuer(options: {
  port: number;
  clientId: string;
  clientSecret: string;
}): Promise<LocalIssuer> {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const foreign = await generateKeyPair("RS256");
  const kid = randomUUID();
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const codes = new Map<string, PendingCode>();
  const refreshTokens = new Map<string, { scope: string; sub: string }>();
  // The same server answers Drive API v3 for the identities it issued tokens to.
  const drive = new DriveStandIn();
  const accessToken = (sub: string) => {
    const token = `at-${randomUUID()}`;
    drive.grant(token, sub);
    return token;
  };
  const identities = new Map<string, Identity>();
  const tokenRequests: URLSearchParams[] = [];

  const signIdToken: LocalIssuer["signIdToken"] = async (claims, signOptions = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid })
      .setIssuer(signOptions.issuer ?? local.issuer)
      .setAudience(signOptions.audience ?? options.clientId)
      .setIssuedAt()
      .setExpirationTime(signOptions.expiresIn ?? "10m")
      .sign(signOptions.foreignKey ? foreign.privateKey : privateKey);

  const issueCode = (pending: PendingCode): string => {
    const code = randomUUID();
    codes.set(code, pending);
    return code;
  };

  const local: LocalIssuer = {
    issuer: "",
    nextIdentity: { sub: randomUUID(), email: "someone@example.test", email_verified: true },
    tokenRequests,
    issueCode: (identity, codeOptions = {}) =>
      issueCode({
        identity,
        redirectUri: codeOptions.redirectUri ?? "postmessage",
        scope: codeOptions.scope ?? "https://www.googleapis.com/auth/drive.file",
      }),
    signIdToken,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };

  async function token(form: URLSearchParams): Promise<[number, unknown]> {
    tokenRequests.push(form);
    if (form.get("client_id") !== options.clientId || form.get("client_secret") !== options.clientSecret)
      return [401, { error: "invalid_client" }];
    if (form.get("grant_type") === "refresh_token") {
      const grant = refreshTokens.get(form.get("refresh_token") ?? "");
      if (!grant) return [400, { error: "invalid_grant" }];
      // Like Google: a fresh access token, the refresh token stays the same.
      return [
        200,
        { access_token: accessToken(grant.sub), token_type: "Bearer", expires_in: 3600, scope: grant.scope },
      ];
    }
    const pending = codes.get(form.get("code") ?? "");
    codes.delete(form.get("code") ?? "");
    if (!pending || form.get("grant_type") !== "authorization_code" || form.get("redirect_uri") !== pending.redirectUri)
      return [400, { error: "invalid_grant" }];
    if (pending.codeChallenge) {
      const verifier = form.get("code_verifier") ?? "";
      if (createHash("sha256").update(verifier).digest("base64url") !== pending.codeChallenge)
        return [400, { error: "invalid_grant", error_description: "PKCE" }];
    }
    const { sub, ...profile } = pending.identity;
    const idToken = await signIdToken({ sub, ...profile, ...(pending.nonce ? { nonce: pending.nonce } : {}) });
    const refreshToken = `rt-${randomUUID()}`;
    refreshTokens.set(refreshToken, { scope: pending.scope, sub });
    return [
      200,
      {
        access_token: accessToken(sub),
        refresh_token: refreshToken,
        token_type: "Bearer",
        expires_in: 3600,
        scope: pending.scope,
        id_token: idToken,
      },
    ];
  }

  /** The /test/ endpoints; the bodies are JSON. */
  async function testEndpoint(pathname: string, url: URL, req: IncomingMessage): Promise<[number, unknown]> {
    if (pathname === "/test/identities" && req.method === "POST") {
      const identity = JSON.parse(await readBody(req)) as Identity;
      identities.set(identity.email, identity);
      return [200, { login_hint: identity.email }];
    }
    if (pathname === "/test/codes" && req.method === "POST") {
      const body = JSON.parse(await readBody(req)) as { identity: Identity; redirect_uri?: string; scope?: string };
      return [200, { code: local.issueCode(body.identity, { redirectUri: body.redirect_uri, scope: body.scope }) }];
    }
    if (pathname === "/test/id-tokens" && req.method === "POST") {
      const body = JSON.parse(await readBody(req)) as { claims: Record<string, unknown>; options?: SignIdTokenOptions };
      return [200, { id_token: await signIdToken(body.claims, body.options) }];
    }
    if (pathname === "/test/drive-files" && req.method === "POST") {
      const body = JSON.parse(await readBody(req)) as { sub: string; files: StandInDriveFile[] };
      drive.put(body.sub, body.files);
      return [200, { files: body.files.length }];
    }
    if (pathname === "/test/token-requests" && req.method === "GET") {
      const code = url.searchParams.get("code");
      const found = tokenRequests.findLast((form) => form.get("code") === code);
      return found ? [200, Object.fromEntries(found)] : [404, { error: "no token request with that code" }];
    }
    return [404, { error: "not_found" }];
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error("[oidc-issuer]", error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "server_error", error_description: String(error) }));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", local.issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const issuer = local.issuer;
    if (url.pathname === "/.well-known/openid-configuration") {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
      });
    }
    if (url.pathname === "/jwks") return json(200, { keys: [publicJwk] });
    if (url.pathname === "/authorize") {
      const query = url.searchParams;
      if (query.get("client_id") !== options.clientId) return json(400, { error: "unauthorized_client" });
      const hint = query.get("login_hint");
      const identity = hint ? identities.get(hint) : local.nextIdentity;
      if (!identity)
        return json(400, {
          error: "invalid_request",
          error_description: `no identity registered for login_hint ${hint}`,
        });
      const code = issueCode({
        identity: { ...identity },
        redirectUri: query.get("redirect_uri") ?? "",
        nonce: query.get("nonce") ?? undefined,
        codeChallenge: query.get("code_challenge") ?? undefined,
        scope: query.get("scope") ?? "openid",
      });
      const back = new URL(query.get("redirect_uri") ?? "");
      back.searchParams.set("code", code);
      if (query.get("state")) back.searchParams.set("state", query.get("state")!);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === "/token" && req.method === "POST") {
      const form = new URLSearchParams(await readBody(req));
      // client_secret_basic (next-auth's default) is folded into the form, so one check serves both.
      const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? "");
      if (basic) {
        const [id, secret] = Buffer.from(basic[1], "base64").toString("utf8").split(":").map(decodeURIComponent);
        form.set("client_id", id);
        form.set("client_secret", secret ?? "");
      }
      return json(...(await token(form)));
    }
    if (url.pathname.startsWith("/test/")) return json(...(await testEndpoint(url.pathname, url, req)));
    if (drive.handle(req, res, url)) return;
    json(404, { error: "not_found" });
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => resolve());
  });
  local.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return local;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
