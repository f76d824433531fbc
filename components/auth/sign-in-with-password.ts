"use client";

import { signIn } from "next-auth/react";
import { ApiError } from "@/lib/client/api-error";

/**
 * Signs the browser in through next-auth's credentials provider, which sets the session cookie.
 * Throws ApiError with a message for the person: wrong credentials, or the server's own reason
 * (a temporary lockout after repeated failures).
 */
export async function signInWithPassword(email: string, password: string): Promise<void> {
  const result = await signIn("credentials", { email, password, redirect: false });
  if (!result) throw new ApiError(0, "Could not reach the server. Check your connection and try again.");
  if (result.error) {
    const message = result.error === "CredentialsSignin" ? "Incorrect email or password." : result.error;
    throw new ApiError(result.status || 401, message);
  }
}
