"use client";

import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/client/api-fetch";
import { ApiError } from "@/lib/client/api-error";
import type { DriveAuthorization } from "@/lib/cloud/get-drive-authorization";
import { readConsentReturn, startDriveConsent } from "./drive-consent";

const messageOf = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : String(error);

/**
 * Finishes a connection when the consent screen sent the browser back here with a code; calls
 * onConnected once the drive is stored. Returns what to show meanwhile.
 */
type ConsentState = { status: "idle" | "connecting" } | { status: "failed"; message: string };

/** Exchanges the code the consent screen sent back (if any), telling each step through setState. */
async function finishConsent(setState: (state: ConsentState) => void, onConnected: () => void): Promise<void> {
  const answer = readConsentReturn(window.location.search, sessionStorage);
  if (!answer) return;
  // The code is single-use: take it out of the address so a reload or a bookmark does not resend it.
  window.history.replaceState(null, "", `${window.location.pathname}#drive-import`);
  if (answer.kind === "refused") {
    setState({ status: "failed", message: answer.message });
    return;
  }
  setState({ status: "connecting" });
  try {
    await apiFetch("/api/cloud/drive/connect", {
      method: "POST",
      body: { code: answer.code, redirect_uri: answer.redirectUri, code_verifier: answer.codeVerifier },
    });
    setState({ status: "idle" });
    onConnected();
  } catch (thrown) {
    setState({ status: "failed", message: `Google Drive was not connected: ${messageOf(thrown)}` });
  }
}

/**
 * Finishes a connection when the consent screen sent the browser back here with a code; calls
 * onConnected once the drive is stored. Returns what to show meanwhile.
 */
export function useFinishDriveConsent(onConnected: () => void): ConsentState {
  const [state, setState] = useState<ConsentState>({ status: "idle" });
  const started = useRef(false);
  useEffect(() => {
    // Strict mode runs effects twice; the code can be exchanged only once.
    if (started.current) return;
    started.current = true;
    void finishConsent(setState, onConnected);
  }, [onConnected]);
  return state;
}

/** Offers the drive's consent screen when no drive is connected yet. */
export function ConnectDrive({
  authorization,
  loginHint,
  connecting,
  failure,
}: {
  authorization: DriveAuthorization | null;
  loginHint?: string;
  connecting: boolean;
  failure?: string;
}) {
  const [leaving, setLeaving] = useState(false);
  if (!authorization)
    return (
      <p className="text-sm text-ink-muted">
        Drive connections are not set up on this server: the administrator sets OIDC_CLIENT_ID and OIDC_CLIENT_SECRET to
        a Google OAuth client (see the self-hosting guide).
      </p>
    );
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-ink-muted">
        Connect your Google Drive to pick files from it. docsvc asks to read your files only; you can disconnect at any
        time in your Google account.
      </p>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div>
        <Button
          loading={connecting || leaving}
          onClick={() => {
            setLeaving(true);
            void startDriveConsent(authorization, loginHint).catch(() => setLeaving(false));
          }}
        >
          {connecting ? "Connecting Google Drive…" : "Connect Google Drive"}
        </Button>
      </div>
    </div>
  );
}
