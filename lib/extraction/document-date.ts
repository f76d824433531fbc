import type { Entity } from "./types";

// A receipt's or letter's own date where no label names it: receipts print it unlabelled beside
// the time ("29 Mar 2018 18:15"), at the head or at the foot. The first date from the top is the
// document's; a misread number that happens to parse as a date in year 3180 is not.

const earliestYear = 1970;
const latestYear = 2099;

const plausibleYear = (isoDate: string) => {
  const year = Number(isoDate.slice(0, 4));
  return year >= earliestYear && year <= latestYear;
};

export function findDocumentDate(entities: Entity[]): Entity | undefined {
  return entities
    .filter((entity) => entity.type === "date" && plausibleYear(entity.value))
    .sort((a, b) => a.page - b.page || (a.box?.y ?? 0) - (b.box?.y ?? 0))[0];
}
