import type { FormField } from "../types";

/**
 * An ISO date (YYYY-MM-DD) written the way the field asks: a format hint in its label
 * ("MM/DD/YYYY", "TT.MM.JJJJ", "jj/mm/aaaa") decides; without one the ISO form is kept.
 */
export function formatDateForField(
  isoDate: string,
  field: Pick<FormField, "label" | "tooltip" | "nearbyText" | "maxLength">,
): string {
  const [year, month, day] = isoDate.split("-");
  const hints = [field.tooltip, field.nearbyText, field.label].filter(Boolean).join(" ");
  const hint = hints.match(/\b(mm|dd|tt|jj)\s*([/.-])\s*(mm|dd|tt|jj)\s*[/.-]\s*(yyyy|yy|jjjj|aaaa|aa)\b/i);
  if (hint) {
    const dayFirst = /^(dd|tt|jj)$/i.test(hint[1]);
    const shortYear = hint[4].length === 2 ? year.slice(2) : year;
    return dayFirst
      ? `${day}${hint[2]}${month}${hint[2]}${shortYear}`
      : `${month}${hint[2]}${day}${hint[2]}${shortYear}`;
  }
  if (field.maxLength === 8) return `${month}${day}${year}`;
  return isoDate;
}

/** Today in UTC as YYYY-MM-DD. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
