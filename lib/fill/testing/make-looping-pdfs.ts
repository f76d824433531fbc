import { PDFArray, PDFDict, PDFDocument, PDFName, PDFWriter } from "pdf-lib";
import { makeFormPdf } from "./make-form-pdf";

// Damaged forms for tests: a page tree or a field tree that leads back to itself. Written with
// PDFWriter, which copies objects as they are (PDFDocument.save would walk the loop itself).

/** A one-field form whose page tree root lists itself among its kids. */
export async function makePageTreeLoopPdf(): Promise<Buffer> {
  const document = await PDFDocument.load(await makeFormPdf([{ kind: "text", name: "full_name", label: "Full name" }]));
  const pagesRef = document.catalog.get(PDFName.of("Pages"))!;
  document.catalog.lookup(PDFName.of("Pages"), PDFDict).lookup(PDFName.of("Kids"), PDFArray).push(pagesRef);
  return Buffer.from(await PDFWriter.forContext(document.context, 50).serializeToBuffer());
}

/** A one-field form whose field lists itself as its own kid. */
export async function makeFieldTreeLoopPdf(): Promise<Buffer> {
  const document = await PDFDocument.load(await makeFormPdf([{ kind: "text", name: "full_name", label: "Full name" }]));
  const field = document.getForm().getFields()[0]!;
  const fieldRef = document.context.getObjectRef(field.acroField.dict)!;
  field.acroField.dict.set(PDFName.of("Kids"), document.context.obj([fieldRef]));
  return Buffer.from(await PDFWriter.forContext(document.context, 50).serializeToBuffer());
}
