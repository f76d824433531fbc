import type { Db } from "@/lib/db";
import { findSoffice, formats } from "@/lib/documents";
import { DEFAULT_FORM_LIMIT_BYTES } from "@/lib/upload-limits/body-limits";
import { tierLimits } from "@/lib/tiers";
import { getTokenBalance } from "@/lib/usage/get-token-balance";
import { userUploadLimits } from "@/lib/upload-limits/upload-limits";
import { modelForMode } from "./processing-mode";

/** What a signed-in user may upload in one batch, for the upload page to show and check before sending. */
export interface UploadAllowance extends ReadableFormats {
  tierName: string;
  maxFileSizeBytes: number;
  /** Pages of all files of one upload together. */
  maxPages: number;
  /** Bytes of one request, all files together. */
  maxRequestBytes: number;
  /** Tokens the user may still spend this month, after what running work has reserved. */
  tokensAvailable: number;
  /** Tokens a page costs with the default (normal) processing. */
  tokensPerPage: number;
}

export interface ReadableFormats {
  /** File name extensions of every format this server reads now. */
  readableExtensions: string[];
  /** Formats this server cannot read now (they need LibreOffice, which is not installed). */
  unavailableFormats: { name: string; extensions: string[] }[];
}

/** The formats this server reads now, as the upload screens check file names against them. */
export function readableFormats(): ReadableFormats {
  const libreOffice = findSoffice() !== undefined;
  const readable = formats.filter((format) => libreOffice || !format.requiresLibreOffice);
  return {
    readableExtensions: readable.flatMap((format) => format.extensions),
    unavailableFormats: formats
      .filter((format) => !readable.includes(format))
      .map((format) => ({ name: format.name, extensions: format.extensions })),
  };
}

/** The caller's per-upload limits (userUploadLimits), token balance and readable formats. */
export async function getUploadAllowance(options: {
  db: Db;
  user: { id: string; tier: string };
}): Promise<UploadAllowance> {
  const { db, user } = options;
  const limits = userUploadLimits(user.tier);
  const balance = await getTokenBalance({ db, userId: user.id });
  return {
    ...readableFormats(),
    tierName: tierLimits(user.tier).name,
    maxFileSizeBytes: limits.maxFileSizeBytes,
    maxPages: limits.maxPages,
    maxRequestBytes: DEFAULT_FORM_LIMIT_BYTES,
    tokensAvailable: balance.available,
    tokensPerPage: modelForMode("normal").tokensPerPage,
  };
}
