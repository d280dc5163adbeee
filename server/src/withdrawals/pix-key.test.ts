import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { canonicalizePixKey, isPixKeyType, PIX_KEY_TYPES, type PixKeyType } from "./pix-key";

function assertAccepted(type: PixKeyType, raw: string, canonical: string): void {
  assert.deepEqual(canonicalizePixKey(type, raw), { ok: true, key: canonical }, `${type} ${JSON.stringify(raw)}`);
}

function assertRejected(type: PixKeyType, raw: string): string {
  const check = canonicalizePixKey(type, raw);
  assert.equal(check.ok, false, `${type} ${JSON.stringify(raw)} should be rejected`);
  return check.ok ? "" : check.message;
}

describe("isPixKeyType", () => {
  test("accepts the five types and nothing else", () => {
    for (const type of PIX_KEY_TYPES) assert.equal(isPixKeyType(type), true);
    for (const other of ["cpf", "PHONE", "EVP", "", null, undefined, 1, {}]) assert.equal(isPixKeyType(other), false);
  });
});

describe("CPF", () => {
  test("plain and formatted keys canonicalize to 11 digits", () => {
    assertAccepted("CPF", "12345678909", "12345678909");
    assertAccepted("CPF", "123.456.789-09", "12345678909");
    assertAccepted("CPF", "52998224725", "52998224725");
    assertAccepted("CPF", "529.982.247-25", "52998224725");
  });

  test("check digits that give remainder below 2 become 0", () => {
    assertAccepted("CPF", "12345678909", "12345678909"); // first digit: 210 % 11 = 1 -> 0
    assertAccepted("CPF", "00000000191", "00000000191"); // leading zeros are part of the key
  });

  test("wrong check digits are rejected", () => {
    assertRejected("CPF", "12345678908");
    assertRejected("CPF", "12345678919");
    assertRejected("CPF", "529.982.247-24");
  });

  test("all-equal digits are rejected even though they pass mod 11", () => {
    for (const digit of "0123456789") assertRejected("CPF", digit.repeat(11));
    assertRejected("CPF", "111.111.111-11");
  });

  test("anything but the plain or fully masked shape is rejected", () => {
    for (const raw of [
      "123.456.789.09",
      "123456789-09",
      "123.456789-09",
      "123-456-789-09",
      "1234567890",
      "123456789090",
      " 12345678909",
      "12345678909 ",
      "1234567890a",
    ]) {
      assertRejected("CPF", raw);
    }
  });

  test("the message says what is expected", () => {
    assert.equal(
      assertRejected("CPF", "12345678908"),
      "pix_key is not a valid CPF (11 digits with valid check digits)",
    );
  });

  /** Independent reference: the textbook form, (sum * 10) mod 11, with 10 folded to 0. */
  function referenceCpfCheckDigits(base: number[]): number[] {
    const digits = [...base];
    for (const length of [9, 10]) {
      let sum = 0;
      for (let i = 0; i < length; i++) sum += digits[i] * (length + 1 - i);
      digits.push(((sum * 10) % 11) % 10);
    }
    return digits.slice(9);
  }

  test("property: reference check digits are accepted and a changed last digit is rejected", () => {
    const notAllEqual = fc
      .array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 })
      .filter((base) => base.some((digit) => digit !== base[0]));
    fc.assert(
      fc.property(notAllEqual, fc.integer({ min: 1, max: 9 }), (base, shift) => {
        const checkDigits = referenceCpfCheckDigits(base);
        const cpf = [...base, ...checkDigits].join("");
        assert.deepEqual(canonicalizePixKey("CPF", cpf), { ok: true, key: cpf });
        const formatted = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
        assert.deepEqual(canonicalizePixKey("CPF", formatted), { ok: true, key: cpf });
        const wrongLast = (checkDigits[1] + shift) % 10;
        assert.equal(canonicalizePixKey("CPF", cpf.slice(0, 10) + wrongLast).ok, false);
      }),
      { numRuns: 500 },
    );
  });
});

describe("CNPJ", () => {
  test("numeric plain and formatted keys canonicalize to 14 digits", () => {
    assertAccepted("CNPJ", "11222333000181", "11222333000181");
    assertAccepted("CNPJ", "11.222.333/0001-81", "11222333000181");
    assertAccepted("CNPJ", "11.444.777/0001-61", "11444777000161");
  });

  test("the Receita Federal alphanumeric example is accepted, plain, formatted and lower case", () => {
    assertAccepted("CNPJ", "12.ABC.345/01DE-35", "12ABC34501DE35");
    assertAccepted("CNPJ", "12ABC34501DE35", "12ABC34501DE35");
    assertAccepted("CNPJ", "12abc34501de35", "12ABC34501DE35");
    assertAccepted("CNPJ", "12.abc.345/01de-35", "12ABC34501DE35");
  });

  test("wrong check digits are rejected", () => {
    assertRejected("CNPJ", "11222333000182");
    assertRejected("CNPJ", "11.222.333/0001-91");
    assertRejected("CNPJ", "12.ABC.345/01DE-36");
    assertRejected("CNPJ", "12ABC34501DF35"); // a changed letter moves the check digits
  });

  test("all-equal digits are rejected", () => {
    for (const digit of "0123456789") assertRejected("CNPJ", digit.repeat(14));
    assertRejected("CNPJ", "00.000.000/0000-00");
  });

  test("letters in the check digits, wrong masks and wrong lengths are rejected", () => {
    for (const raw of [
      "12ABC34501DE3A",
      "11.222.333.0001-81",
      "11222333/0001-81",
      "11.222.333/000181",
      "1122233300018",
      "112223330001811",
      "12.ABC.345/01DE-35 ",
      "12.ÁBC.345/01DE-35",
      "11-222-333/0001-81",
    ]) {
      assertRejected("CNPJ", raw);
    }
  });
});

describe("EMAIL", () => {
  test("plausible addresses canonicalize to lower case", () => {
    assertAccepted("EMAIL", "fulano@example.com", "fulano@example.com");
    assertAccepted("EMAIL", "Fulano.De+Tal@Example.COM.br", "fulano.de+tal@example.com.br");
    assertAccepted("EMAIL", "a@b-c.io", "a@b-c.io");
  });

  test("77 characters is the limit", () => {
    const domain = "@example.com"; // 12 characters
    const at77 = `${"a".repeat(77 - domain.length)}${domain}`;
    const at78 = `${"a".repeat(78 - domain.length)}${domain}`;
    assert.equal(at77.length, 77);
    assertAccepted("EMAIL", at77, at77);
    assertRejected("EMAIL", at78);
  });

  test("implausible addresses are rejected", () => {
    for (const raw of [
      "fulano",
      "@example.com",
      "fulano@",
      "fulano@example",
      "fulano@example.c",
      "fulano@example.c0m",
      "fulano@@example.com",
      "ful@no@example.com",
      "ful ano@example.com",
      "fulano@exa mple.com",
      "fulano@exa_mple.com",
      "fulano@example..com",
      "fulano@.example.com",
      " fulano@example.com",
      "fulano@example.com ",
      "fulano@example.com\n",
    ]) {
      assertRejected("EMAIL", raw);
    }
  });
});

describe("TELEFONE", () => {
  test("+55, area code and 8 or 9 digits is kept as given", () => {
    assertAccepted("TELEFONE", "+5511987654321", "+5511987654321");
    assertAccepted("TELEFONE", "+551133334444", "+551133334444");
    assertAccepted("TELEFONE", "+5599987654321", "+5599987654321");
  });

  test("7 and 10 subscriber digits are rejected", () => {
    assertRejected("TELEFONE", "+55113333444");
    assertRejected("TELEFONE", "+55119876543210");
  });

  test("area codes containing 0 are rejected", () => {
    assertRejected("TELEFONE", "+5501987654321");
    assertRejected("TELEFONE", "+5510987654321");
    assertRejected("TELEFONE", "+5520987654321");
    assertAccepted("TELEFONE", "+5511987654321", "+5511987654321");
  });

  test("other countries, missing plus and punctuation are rejected", () => {
    for (const raw of [
      "5511987654321",
      "+5411987654321",
      "+55 11 98765-4321",
      "+55(11)987654321",
      "+55119876543a1",
      "11987654321",
      "+5511987654321 ",
    ]) {
      assertRejected("TELEFONE", raw);
    }
  });
});

describe("ALEATORIA", () => {
  test("UUIDs canonicalize to lower case", () => {
    assertAccepted("ALEATORIA", "123e4567-e89b-12d3-a456-426614174000", "123e4567-e89b-12d3-a456-426614174000");
    assertAccepted("ALEATORIA", "123E4567-E89B-12D3-A456-426614174000", "123e4567-e89b-12d3-a456-426614174000");
  });

  test("malformed UUIDs are rejected", () => {
    for (const raw of [
      "123e4567e89b12d3a456426614174000",
      "123e4567-e89b-12d3-a456-42661417400",
      "123e4567-e89b-12d3-a456-4266141740000",
      "123e4567-e89b-12d3-a456-42661417400g",
      "{123e4567-e89b-12d3-a456-426614174000}",
      " 123e4567-e89b-12d3-a456-426614174000",
    ]) {
      assertRejected("ALEATORIA", raw);
    }
  });
});

describe("type mismatch and bad input", () => {
  const validByType: Record<PixKeyType, string> = {
    CPF: "12345678909",
    CNPJ: "11222333000181",
    EMAIL: "fulano@example.com",
    TELEFONE: "+5511987654321",
    ALEATORIA: "123e4567-e89b-12d3-a456-426614174000",
  };

  test("a key valid for one type is rejected under every other type, with a hint", () => {
    for (const actual of PIX_KEY_TYPES) {
      for (const declared of PIX_KEY_TYPES) {
        if (declared === actual) continue;
        const message = assertRejected(declared, validByType[actual]);
        assert.match(message, new RegExp(`^pix_key is not a valid ${declared} \\(`));
        assert.match(message, new RegExp(`looks like a ${actual} key$`));
      }
    }
  });

  test("empty and non-string keys are rejected", () => {
    for (const type of PIX_KEY_TYPES) {
      assert.equal(canonicalizePixKey(type, "").ok, false);
      for (const raw of [null, undefined, 12345678909, {}]) {
        assert.equal(canonicalizePixKey(type, raw as unknown as string).ok, false);
      }
    }
  });

  test("an unknown type from untyped callers is rejected", () => {
    const check = canonicalizePixKey("PHONE" as PixKeyType, "+5511987654321");
    assert.deepEqual(check, {
      ok: false,
      message: "pix_key_type must be one of CPF, CNPJ, EMAIL, TELEFONE, ALEATORIA",
    });
  });
});
