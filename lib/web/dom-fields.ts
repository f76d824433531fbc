// The DOM pass of a scan. `collectDomFields` runs inside each frame (through frame.evaluate), so it
// may use only what the browser has: no imports, no closures over module variables.

export interface DomOption {
  value: string;
  label: string;
  selected: boolean;
  /** For radios and listbox options: each option is its own element. */
  ref?: string;
}

export interface DomField {
  ref: string;
  /** listbox: a custom (ARIA) dropdown — role combobox on a non-input, or a standalone role listbox. */
  kind: "input" | "select" | "textarea" | "radio" | "checkbox" | "file" | "listbox";
  type: string;
  name: string;
  id: string;
  label: string;
  placeholder: string;
  required: boolean;
  disabled: boolean;
  value: string;
  checked?: boolean;
  multiple?: boolean;
  options?: DomOption[];
  inShadowRoot: boolean;
}

export interface DomButton {
  ref: string;
  label: string;
}

export interface DomPass {
  fields: DomField[];
  buttons: DomButton[];
  nextRef: number;
}

/** Marks every fillable element and submit button (open shadow roots included) with a stable ref. */
export function collectDomFields(start: number): DomPass {
  let counter = start;
  const fields: DomField[] = [];
  const buttons: DomButton[] = [];
  const radioGroups = new Map<string, DomField>();
  const skippedTypes = new Set(["hidden", "submit", "button", "image", "reset"]);

  const refOf = (element: Element): string => {
    let ref = element.getAttribute("data-docsvc-ref");
    if (!ref) {
      counter += 1;
      ref = `f${counter}`;
      element.setAttribute("data-docsvc-ref", ref);
    }
    return ref;
  };
  const clean = (text: string | null | undefined) => (text ?? "").replace(/\s+/g, " ").trim();
  // A label's own text, without the text of the controls inside it (a wrapped select lists its options).
  const textWithoutControls = (node: Element): string => {
    const copy = node.cloneNode(true) as Element;
    copy.querySelectorAll("select, textarea, input, button, script, style").forEach((inner) => inner.remove());
    return clean(copy.textContent);
  };
  const byIds = (root: Document | ShadowRoot, ids: string) =>
    clean(
      ids
        .split(/\s+/)
        .map((id) => root.getElementById?.(id)?.textContent ?? "")
        .join(" "),
    );
  const nearbyText = (element: Element): string => {
    let node: Node | null = element.previousSibling;
    while (node) {
      const text = clean(node.textContent);
      if (text) return text.slice(-80);
      node = node.previousSibling;
    }
    return element.parentElement ? textWithoutControls(element.parentElement).slice(0, 80) : "";
  };
  const labelOf = (element: Element): string => {
    const root = element.getRootNode() as Document | ShadowRoot;
    const labelled = element.getAttribute("aria-labelledby");
    if (labelled) {
      const text = byIds(root, labelled);
      if (text) return text;
    }
    const labels = "labels" in element ? (element.labels as NodeListOf<HTMLLabelElement> | null) : null;
    const fromLabels = clean([...(labels ?? [])].map(textWithoutControls).join(" "));
    if (fromLabels) return fromLabels;
    const aria = clean(element.getAttribute("aria-label"));
    if (aria) return aria;
    const placeholder = clean(element.getAttribute("placeholder"));
    if (placeholder) return placeholder;
    const title = clean(element.getAttribute("title"));
    if (title) return title;
    return nearbyText(element);
  };

  // Custom dropdowns (ARIA 1.2): a combobox that is not a text input opens a listbox of role=option
  // elements (aria-controls or aria-owns names it; it may exist only while open); a listbox no combobox
  // controls is a dropdown of its own. Their options are clicked, so each gets a ref.
  const native = (element: Element) =>
    element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement;
  const popupOf = (element: Element): Element | null => {
    const root = element.getRootNode() as Document | ShadowRoot;
    const ids = `${element.getAttribute("aria-controls") ?? ""} ${element.getAttribute("aria-owns") ?? ""}`.trim();
    for (const id of ids.split(/\s+/).filter(Boolean)) {
      const popup = root.getElementById?.(id);
      if (popup) return popup;
    }
    return element.querySelector("[role=listbox]");
  };
  const controlledListboxes = new Set<Element>();
  const isCustomDropdown = (element: Element): boolean => {
    const role = element.getAttribute("role");
    if (native(element)) return false;
    if (role === "combobox") {
      const popup = popupOf(element);
      if (popup) controlledListboxes.add(popup);
      return true;
    }
    return role === "listbox" && !controlledListboxes.has(element) && !element.closest("[role=combobox]");
  };
  const customDropdown = (element: Element, inShadow: boolean): DomField => {
    const combobox = element.getAttribute("role") === "combobox";
    const listbox = combobox ? popupOf(element) : element;
    const options: DomOption[] = [...(listbox?.querySelectorAll("[role=option]") ?? [])].map((option) => ({
      value: option.getAttribute("data-value") ?? clean(option.textContent),
      label: clean(option.getAttribute("aria-label") ?? option.textContent),
      selected: option.getAttribute("aria-selected") === "true",
      ref: refOf(option),
    }));
    const chosen = options.find((option) => option.selected);
    const face = element.cloneNode(true) as Element;
    face.querySelectorAll("[role=listbox]").forEach((inner) => inner.remove());
    const shown = combobox ? clean(face.textContent) : "";
    return {
      ref: refOf(element),
      kind: "listbox",
      type: combobox ? "combobox" : "listbox",
      name: element.getAttribute("name") ?? element.getAttribute("data-name") ?? "",
      id: element.id,
      label: labelOf(element),
      placeholder: "",
      required: element.getAttribute("aria-required") === "true",
      disabled: element.getAttribute("aria-disabled") === "true",
      value: chosen?.value ?? clean(element.getAttribute("aria-valuetext") ?? shown),
      options,
      inShadowRoot: inShadow,
    };
  };

  const visit = (element: Element, inShadow: boolean) => {
    if (element instanceof HTMLInputElement && !skippedTypes.has(element.type)) {
      const base = {
        name: element.name,
        id: element.id,
        placeholder: element.placeholder,
        required: element.required,
        disabled: element.disabled,
        inShadowRoot: inShadow,
      };
      if (element.type === "radio") {
        const option: DomOption = {
          value: element.value,
          label: labelOf(element),
          selected: element.checked,
          ref: refOf(element),
        };
        const groupKey = `${element.form?.id ?? ""}|${element.name || option.ref}`;
        const group = radioGroups.get(groupKey);
        if (group) {
          group.options?.push(option);
          group.required ||= element.required;
          if (element.checked) group.value = element.value;
          return;
        }
        const legend = element.closest("fieldset")?.querySelector("legend");
        const field: DomField = {
          ...base,
          ref: option.ref ?? "",
          kind: "radio",
          type: "radio",
          label: legend ? clean(legend.textContent) : element.name,
          value: element.checked ? element.value : "",
          options: [option],
        };
        radioGroups.set(groupKey, field);
        fields.push(field);
        return;
      }
      const kind = element.type === "checkbox" ? "checkbox" : element.type === "file" ? "file" : "input";
      fields.push({
        ...base,
        ref: refOf(element),
        kind,
        type: element.type,
        label: labelOf(element),
        value: kind === "file" ? [...(element.files ?? [])].map((file) => file.name).join(", ") : element.value,
        ...(kind === "checkbox" ? { checked: element.checked } : {}),
        ...(kind === "file" ? { multiple: element.multiple } : {}),
      });
      return;
    }
    if (element instanceof HTMLSelectElement) {
      fields.push({
        ref: refOf(element),
        kind: "select",
        type: element.multiple ? "select-multiple" : "select",
        name: element.name,
        id: element.id,
        label: labelOf(element),
        placeholder: "",
        required: element.required,
        disabled: element.disabled,
        value: element.value,
        multiple: element.multiple,
        options: [...element.options].map((option) => ({
          value: option.value,
          label: clean(option.label || option.text),
          selected: option.selected,
        })),
        inShadowRoot: inShadow,
      });
      return;
    }
    if (element instanceof HTMLTextAreaElement) {
      fields.push({
        ref: refOf(element),
        kind: "textarea",
        type: "textarea",
        name: element.name,
        id: element.id,
        label: labelOf(element),
        placeholder: element.placeholder,
        required: element.required,
        disabled: element.disabled,
        value: element.value,
        inShadowRoot: inShadow,
      });
      return;
    }
    if (isCustomDropdown(element)) {
      fields.push(customDropdown(element, inShadow));
      return;
    }
    const isSubmit =
      (element instanceof HTMLButtonElement && element.type === "submit") ||
      (element instanceof HTMLInputElement && (element.type === "submit" || element.type === "image"));
    if (isSubmit) {
      const label = element instanceof HTMLInputElement ? element.value || element.alt : clean(element.textContent);
      buttons.push({ ref: refOf(element), label: label || clean(element.getAttribute("aria-label")) || "Submit" });
    }
  };

  const walk = (root: Document | ShadowRoot, inShadow: boolean) => {
    for (const element of root.querySelectorAll("*")) {
      visit(element, inShadow);
      if (element.shadowRoot) walk(element.shadowRoot, true);
    }
  };
  walk(document, false);
  return { fields, buttons, nextRef: counter };
}
