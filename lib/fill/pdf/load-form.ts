import { PDFArray, PDFDict, PDFDocument, PDFName } from "pdf-lib";
import { assertAcyclicTrees } from "./assert-acyclic-trees";
import { encryptedFormMessage } from "./encrypted-form-message";
import { assertPdfStreamsBounded } from "@/lib/documents/pdf/check-pdf-streams";
import { AppError } from "@/lib/errors/app-error";

/**
 * Opens a PDF for filling and checks it has something to fill: a PDF without an AcroForm, or
 * with no fields, is `no_form_fields`; an XFA form whose AcroForm holds no fields (a dynamic
 * LiveCycle form) is `xfa_not_supported`. A hybrid form (XFA plus AcroForm fields) is filled through
 * its AcroForm, and its XFA stream is removed so viewers show the AcroForm values.
 */
export async function loadFillableForm(pdf: Buffer | Uint8Array): Promise<PDFDocument> {
  // pdf-lib inflates streams whole, as pdfjs does: the same bounds as for every PDF that is read.
  assertPdfStreamsBounded(Buffer.isBuffer(pdf) ? pdf : Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  let document: PDFDocument;
  try {
    // Loaded even when encrypted, so encryption is recognised here and not from pdf-lib's message.
    document = await PDFDocument.load(pdf, { updateMetadata: false, ignoreEncryption: true });
  } catch (error) {
    throw new AppError(
      "corrupt_file",
      `The PDF cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  if (document.isEncrypted) throw new AppError("corrupt_file", encryptedFormMessage());
  assertAcyclicTrees(document);
  const acroForm = document.catalog.lookupMaybe(PDFName.of("AcroForm"), PDFDict);
  const fieldRefs = acroForm?.lookupMaybe(PDFName.of("Fields"), PDFArray);
  const hasXfa = acroForm?.get(PDFName.of("XFA")) !== undefined;
  if (!fieldRefs || fieldRefs.size() === 0) {
    if (hasXfa)
      throw new AppError(
        "xfa_not_supported",
        "The PDF is an XFA form (Adobe LiveCycle) without AcroForm fields, which cannot be filled; export it as an AcroForm PDF",
      );
    throw new AppError("no_form_fields", "The PDF has no fillable form fields (no AcroForm)");
  }
  if (hasXfa) document.getForm().deleteXFA();
  return document;
}
