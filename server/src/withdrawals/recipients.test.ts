import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { RecipientWarning, recipientWarningsOf } from "./recipient-warnings";
import { canonicalDocument, maskDocument, namesLookAlike, sandboxKeyOwner, sandboxKeyRecipient } from "./recipients";

describe("canonicalDocument", () => {
  test("a CPF or CNPJ, plain or formatted, in canonical form", () => {
    assert.deepEqual(canonicalDocument("529.982.247-25"), { ok: true, document: "52998224725", kind: "CPF" });
    assert.deepEqual(canonicalDocument("52998224725"), { ok: true, document: "52998224725", kind: "CPF" });
    assert.deepEqual(canonicalDocument("11.222.333/0001-81"), { ok: true, document: "11222333000181", kind: "CNPJ" });
    assert.deepEqual(canonicalDocument("12.abc.345/01de-35"), { ok: true, document: "12ABC34501DE35", kind: "CNPJ" });
  });

  test("refuses wrong check digits, repeated digits, half-formatted input, other lengths and non-strings", () => {
    for (const bad of [
      "52998224724",
      "111.111.111-11",
      "529.98224725",
      "5299822472",
      "11222333000182",
      "",
      " 52998224725",
      "***.982.247-**",
      42,
      null,
    ]) {
      assert.deepEqual(canonicalDocument(bad), { ok: false }, String(bad));
    }
  });
});

describe("maskDocument", () => {
  test("a CPF as the central bank masks it; a CNPJ in full; an already masked one as it is", () => {
    assert.equal(maskDocument("12345678909"), "***.456.789-**");
    assert.equal(maskDocument("11222333000181"), "11.222.333/0001-81");
    assert.equal(maskDocument("12ABC34501DE35"), "12.ABC.345/01DE-35");
    assert.equal(maskDocument("***.456.789-**"), "***.456.789-**");
  });
});

describe("the sandbox's directory", () => {
  test("CPF and CNPJ keys are their own document's; an EMAIL of 11 or 14 digits is that document's; others 52998224725", () => {
    assert.equal(sandboxKeyOwner("CPF", "12345678909"), "12345678909");
    assert.equal(sandboxKeyOwner("CNPJ", "11222333000181"), "11222333000181");
    assert.equal(sandboxKeyOwner("EMAIL", "12345678909@example.com"), "12345678909");
    assert.equal(sandboxKeyOwner("EMAIL", "11222333000181@example.com"), "11222333000181");
    assert.equal(sandboxKeyOwner("EMAIL", "1234567890@example.com"), "52998224725", "10 digits: not a document");
    assert.equal(sandboxKeyOwner("EMAIL", "fulano@example.com"), "52998224725");
    assert.equal(sandboxKeyOwner("TELEFONE", "+5511987654321"), "52998224725");
    assert.equal(sandboxKeyOwner("ALEATORIA", "123e4567-e89b-12d3-a456-426614174000"), "52998224725");
  });

  test("the holder is 'Titular Sandbox <last 4 digits>' at 'Banco Sandbox', the document masked", () => {
    assert.deepEqual(sandboxKeyRecipient("CPF", "12345678909"), {
      name: "Titular Sandbox 8909",
      document: "***.456.789-**",
      institution: "Banco Sandbox",
    });
    assert.deepEqual(sandboxKeyRecipient("TELEFONE", "+5511987654321"), {
      name: "Titular Sandbox 4725",
      document: "***.982.247-**",
      institution: "Banco Sandbox",
    });
    assert.deepEqual(sandboxKeyRecipient("EMAIL", "11222333000181@example.com"), {
      name: "Titular Sandbox 0181",
      document: "11.222.333/0001-81",
      institution: "Banco Sandbox",
    });
  });
});

describe("namesLookAlike", () => {
  test("accents, case, punctuation, connectives and company forms aside", () => {
    assert.equal(namesLookAlike("José da Silva", "JOSE SILVA"), true);
    assert.equal(namesLookAlike("Maria Silva", "MARIA DA SILVA SOUZA"), true);
    assert.equal(namesLookAlike("Padaria Pão Quente Ltda.", "PADARIA PAO QUENTE LTDA ME"), true);
    assert.equal(namesLookAlike("J. Pereira", "Joao Pereira"), true, "an initial stands for its word");
    assert.equal(namesLookAlike("Joao Carlos Pereira Lima", "JOAO LIMA"), true, "half of the words");
  });

  test("another person or company does not look alike", () => {
    assert.equal(namesLookAlike("Fornecedor ABC", "Titular Sandbox 4725"), false);
    assert.equal(namesLookAlike("Maria Silva", "Joana Souza"), false);
    assert.equal(namesLookAlike("Joao Carlos Pereira Lima", "JOAO SOUZA"), false, "one word of four");
    assert.equal(namesLookAlike("J. P.", "Joao Pereira"), false, "initials alone are not a match");
  });

  test("a name with no words left is not compared", () => {
    assert.equal(namesLookAlike("Ltda.", "Qualquer Um"), true);
  });
});

describe("recipientWarningsOf", () => {
  const holder = { name: "Titular Sandbox 8909", document: "***.456.789-**", institution: "Banco Sandbox" };

  test("nothing to warn about until the bank tells the holder, or when nothing was declared", () => {
    assert.deepEqual(
      recipientWarningsOf({ recipient: null, recipientName: "X", recipientDocument: "52998224725" }),
      [],
    );
    assert.deepEqual(recipientWarningsOf({ recipient: holder, recipientName: null, recipientDocument: null }), []);
  });

  test("a name that does not look alike, a document that is not the declared one", () => {
    assert.deepEqual(
      recipientWarningsOf({ recipient: holder, recipientName: "Fornecedor ABC", recipientDocument: "52998224725" }),
      [RecipientWarning.NAME_MISMATCH, RecipientWarning.DOCUMENT_MISMATCH],
    );
    assert.deepEqual(
      recipientWarningsOf({ recipient: holder, recipientName: "Titular Sandbox", recipientDocument: "12345678909" }),
      [],
    );
  });
});
