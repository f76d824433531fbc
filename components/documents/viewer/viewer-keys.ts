export type ViewerKeyAction = "previous-page" | "next-page" | "zoom-in" | "zoom-out" | "zoom-fit";

const ACTIONS: Record<string, ViewerKeyAction> = {
  PageUp: "previous-page",
  PageDown: "next-page",
  "+": "zoom-in",
  "=": "zoom-in",
  "-": "zoom-out",
  "−": "zoom-out",
  "0": "zoom-fit",
};

/**
 * The viewer's keyboard shortcuts: PageUp/PageDown turn pages, + and − zoom, 0 fits the width. Keys
 * typed into a field, or pressed with Ctrl, Alt or Meta (the browser's own zoom and shortcuts), are
 * left alone.
 */
export function viewerKeyAction(event: {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  target: EventTarget | null;
}): ViewerKeyAction | undefined {
  if (event.ctrlKey || event.altKey || event.metaKey) return undefined;
  if (isTypingTarget(event.target)) return undefined;
  return ACTIONS[event.key];
}

function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof target !== "object" || !("tagName" in target)) return false;
  const element = target as { tagName: string; isContentEditable?: boolean };
  return ["INPUT", "TEXTAREA", "SELECT"].includes(element.tagName) || element.isContentEditable === true;
}
