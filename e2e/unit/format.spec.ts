import { expect, test } from "@playwright/test";
import { moneyAxisTicks } from "../../admin-ui/lib/chart-scale";
import {
  centavosToMoney,
  formatAge,
  formatBankAccount,
  formatBRL,
  formatDateTime,
  formatDocument,
  formatPixKey,
  formatRelative,
  moneyToCentavos,
  parseMoneyInput,
} from "../../admin-ui/lib/format";

/** The console's one money and date formatter (admin-ui/lib/format.ts), without a browser. */
test("Money strings become centavos and R$ text exactly, never through a float", () => {
  expect(moneyToCentavos("1234.56")).toBe(123456n);
  expect(moneyToCentavos("-10.5")).toBe(-1050n);
  expect(moneyToCentavos("99999999.99")).toBe(9999999999n);
  expect(() => moneyToCentavos("1.234")).toThrow();
  expect(formatBRL("1234.56")).toBe("R$\u00a01.234,56");
  expect(formatBRL("0.10")).toBe("R$\u00a00,10");
  expect(formatBRL("-5.00")).toBe("-R$\u00a05,00");
  expect(formatBRL("500.00", { signed: true })).toBe("+R$\u00a0500,00");
  // 2^53 + 1 centavos: a float would print ...992,00.
  expect(formatBRL(9007199254740993n)).toBe("R$\u00a090.071.992.547.409,93");
  expect(centavosToMoney(-105n)).toBe("-1.05");
});

test("money typed by a person is read as a Brazilian writes it", () => {
  expect(parseMoneyInput("1.234,56")).toBe(123456n);
  expect(parseMoneyInput("1234,5")).toBe(123450n);
  expect(parseMoneyInput("R$ 10")).toBe(1000n);
  expect(parseMoneyInput("10.50")).toBe(1050n);
  expect(parseMoneyInput("1.234")).toBe(123400n);
  expect(parseMoneyInput("-7,25")).toBe(-725n);
  // Dots group thousands unless one or two digits end the text: "10.555" is ten thousand.
  expect(parseMoneyInput("10.555")).toBe(1055500n);
  for (const bad of ["", "abc", "1,234,5", "1,234", "1.23.4", "12.34,5,6", "1.2345"]) {
    expect(parseMoneyInput(bad), bad).toBeNull();
  }
});

test("dates are São Paulo time whatever the machine's zone", () => {
  expect(formatDateTime("2026-11-22T10:00:00.000Z")).toBe("22/11/2026 07:00");
  expect(formatDateTime("2026-11-23T02:30:00.000Z", { seconds: true })).toBe("22/11/2026 23:30:00");
});

test("PIX keys and payer documents read as people write them", () => {
  expect(formatPixKey("CPF", "52998224725")).toBe("529.982.247-25");
  expect(formatPixKey("CNPJ", "11222333000181")).toBe("11.222.333/0001-81");
  // Alphanumeric CNPJ (from July 2026): the first 12 characters may be letters.
  expect(formatPixKey("CNPJ", "12ABC34501DE35")).toBe("12.ABC.345/01DE-35");
  expect(formatPixKey("TELEFONE", "+5511987654321")).toBe("+55 (11) 98765-4321");
  expect(formatPixKey("TELEFONE", "+551187654321")).toBe("+55 (11) 8765-4321");
  expect(formatPixKey("EMAIL", "pix@loja.com.br")).toBe("pix@loja.com.br");
  expect(formatPixKey("ALEATORIA", "123e4567-e89b-12d3-a456-426614174000")).toBe(
    "123e4567-e89b-12d3-a456-426614174000",
  );
  // Anything not in the stored canonical form is shown as it is, never half-masked.
  expect(formatPixKey("CPF", "529.982.247-25")).toBe("529.982.247-25");
  expect(formatPixKey("TELEFONE", "11987654321")).toBe("11987654321");
  expect(formatDocument("52998224725")).toBe("529.982.247-25");
  expect(formatDocument("***.982.247-**")).toBe("***.982.247-**");
  // A company's CNPJ, numeric or alphanumeric, as the companies list, page and form show it.
  expect(formatDocument("11222333000181")).toBe("11.222.333/0001-81");
  expect(formatDocument("12ABC34501DE35")).toBe("12.ABC.345/01DE-35");
});

test("a bank account stored as digits reads with its check digit after a hyphen", () => {
  // The API keeps what "12345-6" was typed as: "123456", the check digit last (CONTRACT §15).
  expect(formatBankAccount("123456")).toBe("12345-6");
  expect(formatBankAccount("00012345678901234567")).toBe("0001234567890123456-7");
  expect(formatBankAccount("10")).toBe("1-0");
  // A lone digit has no number before its check digit; anything not digits is left as given.
  expect(formatBankAccount("7")).toBe("7");
  expect(formatBankAccount("12345-6")).toBe("12345-6");
  expect(formatBankAccount("")).toBe("");
});

test("under a minute reads as such, not as a count of seconds", () => {
  const now = new Date("2026-12-02T12:00:00Z");
  expect(formatRelative(new Date("2026-12-02T11:59:22Z"), now, "pt-BR")).toBe("há menos de 1 min");
  expect(formatRelative(new Date("2026-12-02T12:00:00Z"), now, "pt-BR")).toBe("há menos de 1 min");
  expect(formatRelative(new Date("2026-12-02T12:00:40Z"), now, "pt-BR")).toBe("em menos de 1 min");
  expect(formatRelative(new Date("2026-12-02T11:59:22Z"), now, "en")).toBe("less than a minute ago");
  expect(formatRelative(new Date("2026-12-02T11:58:00Z"), now, "pt-BR")).toBe("há 2 min.");
});

test("how long something waited reads in minutes, hours and days, never a bare 3m", () => {
  const now = new Date("2026-12-02T12:00:00Z");
  expect(formatAge(new Date("2026-12-02T11:59:30Z"), now)).toBe("< 1 min");
  expect(formatAge(new Date("2026-12-02T11:57:00Z"), now)).toBe("3 min");
  expect(formatAge(new Date("2026-12-02T08:48:00Z"), now)).toBe("3 h 12 min");
  expect(formatAge(new Date("2026-11-30T08:00:00Z"), now)).toBe("2 d 4 h");
});

test("a money chart's axis steps in whole reais", () => {
  expect(moneyAxisTicks(0)).toEqual([0, 100, 200, 300, 400]);
  // R$ 10,00 at most: R$ 2,5 steps once read "R$ 2,5", "R$ 7,5".
  expect(moneyAxisTicks(1000)).toEqual([0, 500, 1000, 1500, 2000]);
  expect(moneyAxisTicks(650)).toEqual([0, 200, 400, 600, 800]);
  for (const largest of [1, 999, 12_345, 98_765_432, 400_000_00])
    for (const tick of moneyAxisTicks(largest)) expect(tick % 100, `tick ${tick} of ${largest}`).toBe(0);
  expect(moneyAxisTicks(9_000_00).at(-1)).toBeGreaterThanOrEqual(9_000_00);
});
