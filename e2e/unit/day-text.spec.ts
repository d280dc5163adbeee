import { expect, test } from "@playwright/test";
import { isoDayToText, maskDayText, textToIsoDay } from "../../admin-ui/components/ui/day-text";

/** The date filters read and write days as dd/mm/aaaa, whatever the browser's language. */
test("a day typed dd/mm/aaaa becomes the URL's ISO day, and back", () => {
  expect(textToIsoDay("26/11/2026")).toBe("2026-11-26");
  expect(textToIsoDay("26112026")).toBe("2026-11-26");
  expect(isoDayToText("2026-11-26")).toBe("26/11/2026");
  expect(isoDayToText(null)).toBe("");
});

test("days that do not exist, and half-typed ones, are not days", () => {
  expect(textToIsoDay("31/02/2026")).toBeNull();
  expect(textToIsoDay("29/02/2025")).toBeNull();
  expect(textToIsoDay("29/02/2024")).toBe("2024-02-29");
  expect(textToIsoDay("12/13/2026")).toBeNull();
  expect(textToIsoDay("26/11/26")).toBeNull();
});

test("slashes appear as the digits are typed", () => {
  expect(maskDayText("2")).toBe("2");
  expect(maskDayText("2611")).toBe("26/11");
  expect(maskDayText("26112026999")).toBe("26/11/2026");
  expect(maskDayText("26/1a1")).toBe("26/11");
});
