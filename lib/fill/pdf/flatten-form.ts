import {
  drawObject,
  PDFDict,
  PDFName,
  PDFRef,
  PDFSignature,
  PDFStream,
  popGraphicsState,
  pushGraphicsState,
  translate,
  type PDFDocument,
  type PDFField,
  type PDFPage,
  type PDFWidgetAnnotation,
} from "pdf-lib";

// pdf-lib's own flatten throws on the first widget without an appearance (unsigned signature
// fields, some buttons), draws checkboxes by the field value rather than the widget's own state, and
// its removeField removes the appearance stream's reference from the page instead of the widget's,
// leaving orphaned widgets behind.
// This one draws each widget's current appearance (the /AS state for checkboxes and radios, so marks
// stay visible), skips widgets that have none, and keeps signature fields so the document can still
// be signed.

function pageOf(document: PDFDocument, pages: PDFPage[], widget: PDFWidgetAnnotation): PDFPage | undefined {
  const ref = document.context.getObjectRef(widget.dict);
  const pointer = widget.P();
  return (
    pages.find((page) => page.ref === pointer) ??
    pages.find((page) => {
      const annotations = page.node.Annots();
      for (let i = 0; ref && annotations && i < annotations.size(); i++)
        if (annotations.get(i) === ref || annotations.get(i).toString() === ref.toString()) return true;
      return false;
    })
  );
}

function appearanceRef(document: PDFDocument, widget: PDFWidgetAnnotation): PDFRef | undefined {
  const appearances = widget.dict.lookupMaybe(PDFName.of("AP"), PDFDict);
  let normal = appearances?.get(PDFName.of("N"));
  const resolved = normal instanceof PDFRef ? document.context.lookup(normal) : normal;
  if (resolved instanceof PDFDict) {
    const state = widget.getAppearanceState() ?? PDFName.of("Off");
    normal = resolved.get(state);
  }
  if (normal instanceof PDFRef) return document.context.lookup(normal) instanceof PDFStream ? normal : undefined;
  if (normal instanceof PDFStream) return document.context.register(normal);
  return undefined;
}

/** Removes a field, its widget annotations from their pages, and its objects. */
function removeField(document: PDFDocument, pages: PDFPage[], field: PDFField): void {
  for (const widget of field.acroField.getWidgets()) {
    const widgetRef = document.context.getObjectRef(widget.dict);
    const page = pageOf(document, pages, widget);
    if (page && widgetRef) page.node.removeAnnot(widgetRef);
  }
  for (const page of pages) page.node.removeAnnot(field.ref);
  document.getForm().acroForm.removeField(field.acroField);
  const kids = field.acroField.normalizedEntries().Kids;
  for (let index = 0; index < kids.size(); index++) {
    const kid = kids.get(index);
    if (kid instanceof PDFRef) document.context.delete(kid);
  }
  document.context.delete(field.ref);
}

/** Draws every field's appearance into its page and removes the fields, signature fields excepted. */
export function flattenForm(document: PDFDocument): void {
  const form = document.getForm();
  const pages = document.getPages();
  for (const field of form.getFields()) {
    if (field instanceof PDFSignature) continue;
    for (const widget of field.acroField.getWidgets()) {
      const page = pageOf(document, pages, widget);
      const appearance = appearanceRef(document, widget);
      if (!page || !appearance) continue;
      const name = page.node.newXObject("FlatWidget", appearance);
      const rect = widget.getRectangle();
      page.pushOperators(pushGraphicsState(), translate(rect.x, rect.y), drawObject(name), popGraphicsState());
    }
    removeField(document, pages, field);
  }
}
