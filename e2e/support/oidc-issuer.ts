import { createHash, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";

// A local OpenID Connect issuer with its own signing keys: discovery, an authorize endpoint that
// approves at once (as the next identity set by the test), a token endpoint checking client
// credentials, redirect_uri and PKCE, and a JWKS. Tests also use it to sign forged tokens.

export interface Identity {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
}

interface PendingCode {
  identity: Identity;
  clientId: string;
  redirectUri: string;
  nonce?: string;
  codeChallenge?: string;
  scope: string;
}

export interface LocalIssuer {
  issuer: string;
  /** The identity the next authorization approves as. */
  nextIdentity: Identity;
  /** Token endpoint requests received, for assertions. */
  tokenRequests: URLSearchParams[];
  /** Registers a code the token endpoint will accept without a browser (cloud drive tests). */
  issueCode(identity: Identity, options?: { redirectUri?: string; scope?: string }): string;
  signIdToken(claims: Record<string, unknown>, options?: { expiresIn?: string | number; audience?: string; issuer?: string; foreignKey?: boolean }): Promise<string>;
  close(): Promise<void>;
}

export async function startLocalIssuer(options: { port: number; clientId: string; clientSecret: string }): Promise<LocalIssuer> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const foreign = await generateKeyPair("RS256");
  const kid = randomUUID();
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const codes = new Map<string, PendingCode>();
  const tokenRequests: URLSearchParams[] = [];

  const signIdToken: LocalIssuer["signIdToken"] = async (claims, signOptions = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "RS256", kid })
      .setIssuer(signOptions.issuer ?? issuer)
      .setAudience(signOptions.audience ?? options.clientId)
      .setIssuedAt()
      .setExpirationTime(signOptions.expiresIn ?? "10m")
      .sign(signOptions.foreignKey ? foreign.privateKey : privateKey);

  const local: LocalIssuer = {
    issuer,
    nextIdentity: { sub: randomUUID(), email: "someone@example.test", email_verified: true },
    tokenRequests,
    issueCode(identity, codeOptions = {}) {
      const code = randomUUID();
      codes.set(code, { identity, clientId: options.clientId, redirectUri: codeOptions.redirectUri ?? "postmessage", scope: codeOptions.scope ?? "https://www.googleapis.com/auth/drive.file" });
      return code;
    },
    signIdToken,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/.well-known/openid-configuration") {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        userinfo_endpoint: `${issuer}/userinfo`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
      });
    }
    if (url.pathname === "/jwks") return json(200, { keys: [publicJwk] });
    if (url.pathname === "/authorize") {
      const query = url.searchParams;
      if (query.get("client_id") !== options.clientId) return json(400, { error: "unauthorized_client" });
      const code = randomUUID();
      codes.set(code, {
        identity: { ...local.nextIdentity },
        clientId: options.clientId,
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
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      tokenRequests.push(form);
      if (form.get("client_id") !== options.clientId || form.get("client_secret") !== options.clientSecret) return json(401, { error: "invalid_client" });
      const pending = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? "");
      if (!pending || form.get("grant_type") !== "authorization_code" || form.get("redirect_uri") !== pending.redirectUri) return json(400, { error: "invalid_grant" });
      if (pending.codeChallenge) {
        const verifier = form.get("code_verifier") ?? "";
        if (createHash("sha256").update(verifier).digest("base64url") !== pending.codeChallenge) return json(400, { error: "invalid_grant", error_description: "PKCE" });
      }
      const { sub, ...profile } = pending.identity;
      const idToken = await signIdToken({ sub, ...profile, ...(pending.nonce ? { nonce: pending.nonce } : {}) });
      return json(200, {
        access_token: `at-${randomUUID()}`,
        refresh_token: `rt-${randomUUID()}`,
        token_type: "Bearer",
        expires_in: 3600,
        scope: pending.scope,
        id_token: idToken,
      });
    }
    json(404, { error: "not_found" });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => resolve());
  });
  return local;
}
