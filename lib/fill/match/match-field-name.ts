import { normaliseLabel } from "./normalise-label";

interface Named {
  name: string;
  label: string;
  readableName: string;
  tooltip?: string;
}

/**
 * The field a user named in a mapping key or an instruction: the exact name first, then the name
 * case-insensitively, then the name's last segment, tooltip or label in normal form. Undefined when
 * nothing matches, or when a loose match is ambiguous.
 */
export function findFieldByName<T extends Named>(
  fields: readonly T[],
  wanted: string,
): { field: T; exact: boolean } | undefined {
  const exact = fields.find((field) => field.name === wanted);
  if (exact) return { field: exact, exact: true };
  const lower = wanted.toLowerCase();
  const caseInsensitive = fields.filter((field) => field.name.toLowerCase() === lower);
  if (caseInsensitive.length === 1) return { field: caseInsensitive[0], exact: false };
  const target = normaliseLabel(wanted);
  if (!target) return undefined;
  const loose = fields.filter((field) =>
    [lastSegment(field.name), field.readableName, field.tooltip ?? "", field.label].some(
      (candidate) => normaliseLabel(candidate) === target,
    ),
  );
  return loose.length === 1 ? { field: loose[0], exact: false } : undefined;
}

function lastSegment(name: string): string {
  return (name.split(".").at(-1) ?? name).replace(/\[\d+\]$/, "");
}
