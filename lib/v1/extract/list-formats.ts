import { z } from "zod";
import { findSoffice, formats } from "@/lib/documents";

const FormatEntry = z.object({
  id: z.string(),
  name: z.string(),
  extensions: z.array(z.string()),
  mime_type: z.string(),
  kind: z.enum(["document", "spreadsheet", "presentation", "image", "text"]),
  requires_libreoffice: z.boolean().describe("Read through a LibreOffice conversion."),
  available: z
    .boolean()
    .describe(
      "Whether this server reads it now: false when it needs LibreOffice and soffice is not installed (such files answer 415 unsupported_format).",
    ),
});

/** GET /v1/formats. */
export const FormatListResponse = z
  .object({
    formats: z.array(FormatEntry),
    libreoffice_available: z.boolean(),
  })
  .meta({
    id: "FormatList",
    examples: [
      {
        formats: [
          {
            id: "pdf",
            name: "PDF",
            extensions: ["pdf"],
            mime_type: "application/pdf",
            kind: "document",
            requires_libreoffice: false,
            available: true,
          },
          {
            id: "doc",
            name: "Word 97–2003 document",
            extensions: ["doc"],
            mime_type: "application/msword",
            kind: "document",
            requires_libreoffice: true,
            available: false,
          },
        ],
        libreoffice_available: false,
      },
    ],
  });

export type FormatList = z.infer<typeof FormatListResponse>;

/** Every input format of the reading engine's registry, and whether this server can read it. */
export function listFormats(): FormatList {
  const libreOffice = findSoffice() !== undefined;
  return {
    formats: formats.map((format) => ({
      id: format.id,
      name: format.name,
      extensions: format.extensions,
      mime_type: format.mime,
      kind: format.kind,
      requires_libreoffice: format.requiresLibreOffice,
      available: !format.requiresLibreOffice || libreOffice,
    })),
    libreoffice_available: libreOffice,
  };
}
