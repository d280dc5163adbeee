import { expect, test } from "@playwright/test";
import { normalisePhoneKey } from "../../admin-ui/features/merchant-withdrawals/phone-key";

/** The withdrawal form's phone keys: typed as people write them, sent as +55 and the digits. */
test("a phone typed with its punctuation, with or without +55, becomes +55 and the digits", () => {
  expect(normalisePhoneKey("(11) 98765-4321")).toBe("+5511987654321");
  expect(normalisePhoneKey("11 98765-4321")).toBe("+5511987654321");
  expect(normalisePhoneKey("11987654321")).toBe("+5511987654321");
  expect(normalisePhoneKey("(21) 3456-7890")).toBe("+552134567890");
  expect(normalisePhoneKey("+55 (11) 98765-4321")).toBe("+5511987654321");
  expect(normalisePhoneKey("55 11 98765-4321")).toBe("+5511987654321");
  expect(normalisePhoneKey(" +5511987654321 ")).toBe("+5511987654321");
});

test("text that is not a phone is left for the API's rules to refuse", () => {
  // A CPF typed under the phone type is not turned into a phone number.
  expect(normalisePhoneKey("529.982.247-25")).toBe("529.982.247-25");
  expect(normalisePhoneKey("11 8765-43210")).toBe("11 8765-43210");
  expect(normalisePhoneKey("fulano@empresa.com.br")).toBe("fulano@empresa.com.br");
  expect(normalisePhoneKey("98765-4321")).toBe("98765-4321");
  expect(normalisePhoneKey("+1 (415) 555-0100")).toBe("+14155550100");
  expect(normalisePhoneKey("")).toBe("");
});
