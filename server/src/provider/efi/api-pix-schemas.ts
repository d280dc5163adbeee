/**
 * JSON Schemas of the request bodies the Efí adapter sends, written from the central bank's
 * API Pix (openapi.yaml 2.9.0: CobSolicitada, CobRevisada, CobVSolicitada, CobVRevisada, the
 * LoteCobVBody of `PUT /lotecobv/{id}`, DevolucaoSolicitada, WebhookSolicitado; for Pix Automático
 * RecSolicitada, RecRevisada, SolicRecSolicitada, SolicRecRevisada, CobRSolicitada, CobRRevisada,
 * WebhookRecSolicitado, WebhookCobRSolicitado) and Efí's Pix Send (`PUT /v3/gn/pix/{idEnvio}`), which the API Pix does
 * not cover. Plain data: the service never validates its own bodies at run time; the local
 * PSP (psp-sim) validates every request against these, and the tests validate every body the
 * adapter builds (and, when the central bank's file is at hand, these schemas against it).
 *
 * Stricter than the central bank's text where it is loose on purpose: patterns are anchored
 * (the published ones are not) and unknown properties are refused, so that a misspelt field
 * fails a test instead of being ignored by the bank.
 */

/** API Pix money: "10.00", a dot and exactly two decimals. */
export const VALOR_PATTERN = "^\\d{1,10}\\.\\d{2}$";
/** txid of an immediate charge (API Pix TxId). */
export const TXID_PATTERN = "^[a-zA-Z0-9]{26,35}$";
/** Devolução id (API Pix DevolucaoId) and Efí's idEnvio. */
export const CLIENT_ID_PATTERN = "^[a-zA-Z0-9]{1,35}$";
/** End-to-end ids (E...) and return ids (D...). */
export const END_TO_END_ID_PATTERN = "^[a-zA-Z0-9]{32}$";

const pessoa = (document: "cpf" | "cnpj") => ({
  type: "object",
  required: [document, "nome"],
  additionalProperties: false,
  properties: {
    [document]: { type: "string", pattern: document === "cpf" ? "^\\d{11}$" : "^[0-9A-Z]{14}$" },
    nome: { type: "string", minLength: 1, maxLength: 200 },
  },
});

const calendario = {
  type: "object",
  additionalProperties: false,
  properties: { expiracao: { type: "integer", minimum: 1, maximum: 2147483647 } },
};

const cobValor = {
  type: "object",
  additionalProperties: false,
  properties: {
    original: { type: "string", pattern: VALOR_PATTERN },
    modalidadeAlteracao: { type: "integer", enum: [0, 1] },
  },
};

const infoAdicionais = {
  type: "array",
  maxItems: 50,
  items: {
    type: "object",
    required: ["nome", "valor"],
    additionalProperties: false,
    properties: { nome: { type: "string", maxLength: 50 }, valor: { type: "string", maxLength: 200 } },
  },
};

const cobFields = {
  calendario,
  devedor: { oneOf: [pessoa("cpf"), pessoa("cnpj")] },
  loc: { type: "object", required: ["id"], additionalProperties: false, properties: { id: { type: "integer" } } },
  chave: { type: "string", minLength: 1, maxLength: 77 },
  solicitacaoPagador: { type: "string", maxLength: 140 },
  infoAdicionais,
};

/** `PUT /v2/cob/{txid}` (API Pix CobSolicitada). */
export const COB_SOLICITADA_SCHEMA = {
  $id: "efi:CobSolicitada",
  type: "object",
  required: ["calendario", "valor", "chave"],
  additionalProperties: false,
  properties: { ...cobFields, valor: { ...cobValor, required: ["original"] } },
};

/** `PATCH /v2/cob/{txid}` (API Pix CobRevisada): removal is `status: REMOVIDA_PELO_USUARIO_RECEBEDOR`. */
export const COB_REVISADA_SCHEMA = {
  $id: "efi:CobRevisada",
  type: "object",
  minProperties: 1,
  additionalProperties: false,
  properties: { ...cobFields, valor: cobValor, status: { type: "string", enum: ["REMOVIDA_PELO_USUARIO_RECEBEDOR"] } },
};

/** An API Pix `modalidade` with its `valorPerc`: a fine, interest or abatement. */
const modalidade = (max: number) => ({
  type: "object",
  required: ["modalidade", "valorPerc"],
  additionalProperties: false,
  properties: {
    modalidade: { type: "integer", minimum: 1, maximum: max },
    valorPerc: { type: "string", pattern: VALOR_PATTERN },
  },
});

/** CobVValor: the amount and its terms (multa 1-2, juros 1-8, abatimento 1-2, desconto 1-6). */
const cobvValor = {
  type: "object",
  additionalProperties: false,
  properties: {
    original: { type: "string", pattern: VALOR_PATTERN },
    multa: modalidade(2),
    juros: modalidade(8),
    abatimento: modalidade(2),
    desconto: {
      type: "object",
      required: ["modalidade"],
      additionalProperties: false,
      properties: {
        modalidade: { type: "integer", minimum: 1, maximum: 6 },
        descontoDataFixa: {
          type: "array",
          minItems: 1,
          maxItems: 3,
          uniqueItems: true,
          items: {
            type: "object",
            required: ["data", "valorPerc"],
            additionalProperties: false,
            properties: {
              data: { type: "string", format: "date" },
              valorPerc: { type: "string", pattern: VALOR_PATTERN },
            },
          },
        },
        valorPerc: { type: "string", pattern: VALOR_PATTERN },
      },
      // Fixed dates for modalidades 1 and 2, a value per day of anticipation for 3 to 6.
      oneOf: [
        {
          type: "object",
          required: ["descontoDataFixa"],
          properties: { modalidade: { type: "integer", enum: [1, 2] }, descontoDataFixa: true, valorPerc: false },
        },
        {
          type: "object",
          required: ["valorPerc"],
          properties: { modalidade: { type: "integer", enum: [3, 4, 5, 6] }, valorPerc: true, descontoDataFixa: false },
        },
      ],
    },
  },
};

const cobvFields = {
  calendario: {
    type: "object",
    required: ["dataDeVencimento"],
    additionalProperties: false,
    properties: {
      dataDeVencimento: { type: "string", format: "date" },
      validadeAposVencimento: { type: "integer", minimum: 0, maximum: 2147483647 },
    },
  },
  devedor: { oneOf: [pessoa("cpf"), pessoa("cnpj")] },
  loc: cobFields.loc,
  chave: cobFields.chave,
  solicitacaoPagador: cobFields.solicitacaoPagador,
  infoAdicionais,
};

/** `PUT /v2/cobv/{txid}` (API Pix CobVSolicitada). */
export const COBV_SOLICITADA_SCHEMA = {
  $id: "efi:CobVSolicitada",
  type: "object",
  required: ["calendario", "devedor", "valor", "chave"],
  additionalProperties: false,
  properties: { ...cobvFields, valor: { ...cobvValor, required: ["original"] } },
};

/** `PATCH /v2/cobv/{txid}` (API Pix CobVRevisada): removal is `status: REMOVIDA_PELO_USUARIO_RECEBEDOR`. */
export const COBV_REVISADA_SCHEMA = {
  $id: "efi:CobVRevisada",
  type: "object",
  minProperties: 1,
  additionalProperties: false,
  properties: {
    ...cobvFields,
    valor: cobvValor,
    status: { type: "string", enum: ["REMOVIDA_PELO_USUARIO_RECEBEDOR"] },
  },
};

const { $id: _cobvId, ...cobvOfLote } = COBV_SOLICITADA_SCHEMA;

/** `PUT /v2/lotecobv/{id}` (API Pix LoteCobVBody): a description and each cobv with its txid. */
export const LOTE_COBV_SCHEMA = {
  $id: "efi:LoteCobV",
  type: "object",
  required: ["descricao", "cobsv"],
  additionalProperties: false,
  properties: {
    descricao: { type: "string", minLength: 1 },
    cobsv: {
      type: "array",
      minItems: 1,
      maxItems: 1000,
      items: {
        ...cobvOfLote,
        required: ["txid", ...cobvOfLote.required],
        properties: { txid: { type: "string", pattern: TXID_PATTERN }, ...cobvOfLote.properties },
      },
    },
  },
};

/** `PUT /v2/pix/{e2eid}/devolucao/{id}` (API Pix DevolucaoSolicitada). */
export const DEVOLUCAO_SOLICITADA_SCHEMA = {
  $id: "efi:DevolucaoSolicitada",
  type: "object",
  required: ["valor"],
  additionalProperties: false,
  properties: {
    valor: { type: "string", pattern: VALOR_PATTERN },
    natureza: { type: "string", enum: ["ORIGINAL", "RETIRADA", "MED_OPERACIONAL", "MED_FRAUDE"] },
    descricao: { type: "string", maxLength: 140 },
  },
};

/** `PUT /v2/webhook/{chave}` (API Pix WebhookSolicitado). */
export const WEBHOOK_SOLICITADO_SCHEMA = {
  $id: "efi:WebhookSolicitado",
  type: "object",
  required: ["webhookUrl"],
  additionalProperties: false,
  properties: { webhookUrl: { type: "string", format: "uri", maxLength: 2048 } },
};

/** `PUT /v3/gn/pix/{idEnvio}`: Efí's Pix Send, to a key (with the holder's cpf or cnpj to check it) or an account. */
export const PIX_ENVIO_SOLICITADO_SCHEMA = {
  $id: "efi:PixEnvioSolicitado",
  type: "object",
  required: ["valor", "pagador", "favorecido"],
  additionalProperties: false,
  properties: {
    valor: { type: "string", pattern: VALOR_PATTERN },
    pagador: {
      type: "object",
      required: ["chave"],
      additionalProperties: false,
      properties: {
        chave: { type: "string", minLength: 1, maxLength: 77 },
        infoPagador: { type: "string", maxLength: 140 },
      },
    },
    favorecido: {
      oneOf: [
        {
          type: "object",
          required: ["chave"],
          additionalProperties: false,
          properties: {
            chave: { type: "string", minLength: 1, maxLength: 77 },
            cpf: { type: "string", pattern: "^\\d{11}$" },
            cnpj: { type: "string", pattern: "^[0-9A-Z]{14}$" },
          },
        },
        {
          type: "object",
          required: ["contaBanco"],
          additionalProperties: false,
          properties: {
            contaBanco: {
              type: "object",
              required: ["nome", "codigoBanco", "agencia", "conta", "tipoConta"],
              additionalProperties: false,
              properties: {
                nome: { type: "string", minLength: 1, maxLength: 200 },
                cpf: { type: "string", pattern: "^\\d{11}$" },
                cnpj: { type: "string", pattern: "^[0-9A-Z]{14}$" },
                codigoBanco: { type: "string", pattern: "^\\d{8}$" },
                agencia: { type: "string", pattern: "^\\d{1,4}$" },
                conta: { type: "string", pattern: "^\\d{1,20}$" },
                tipoConta: { type: "string", enum: ["cacc", "svgs", "tran"] },
              },
            },
          },
        },
      ],
    },
  },
};

/** API Pix RecId and SolicRecId: 29 letters and digits (an `R`, or `SC`, the ISPB, the day, a sequence). */
export const REC_ID_PATTERN = "^[a-zA-Z0-9]{29}$";

/** A recurrence's payer (PessoaFisicaRecorrencia / PessoaJuridicaRecorrencia): names up to 140. */
const devedorRecorrencia = (document: "cpf" | "cnpj") => ({
  ...pessoa(document),
  properties: { ...pessoa(document).properties, nome: { type: "string", minLength: 1, maxLength: 140 } },
});

const periodicidade = { type: "string", enum: ["SEMANAL", "MENSAL", "TRIMESTRAL", "SEMESTRAL", "ANUAL"] };
const politicaRetentativa = { type: "string", enum: ["NAO_PERMITE", "PERMITE_3R_7D"] };
const ativacaoSolicitada = {
  type: "object",
  additionalProperties: false,
  properties: {
    dadosJornada: {
      type: "object",
      required: ["txid"],
      additionalProperties: false,
      properties: { txid: { type: "string", pattern: TXID_PATTERN } },
    },
  },
};

/**
 * `POST /v2/rec` (API Pix RecSolicitada): the contract, the payer, the calendar, a fixed
 * amount (`valorRec`) or a floor (`valorMinimoRecebedor`), never both; the retry policy; the
 * locrec (`loc`, its number); with a first payment now (journey 3), that cob's txid. Efí makes
 * the idRec itself, so it is not sent (the published RecBase lists it as required).
 */
export const REC_SOLICITADA_SCHEMA = {
  $id: "efi:RecSolicitada",
  type: "object",
  required: ["vinculo", "calendario", "politicaRetentativa"],
  additionalProperties: false,
  properties: {
    vinculo: {
      type: "object",
      required: ["contrato", "devedor"],
      additionalProperties: false,
      properties: {
        objeto: { type: "string", minLength: 1, maxLength: 35 },
        devedor: { oneOf: [devedorRecorrencia("cpf"), devedorRecorrencia("cnpj")] },
        contrato: { type: "string", minLength: 1, maxLength: 35 },
      },
    },
    calendario: {
      type: "object",
      required: ["dataInicial", "periodicidade"],
      additionalProperties: false,
      properties: {
        dataInicial: { type: "string", format: "date" },
        dataFinal: { type: "string", format: "date" },
        periodicidade,
      },
    },
    valor: {
      type: "object",
      maxProperties: 1,
      additionalProperties: false,
      properties: {
        valorRec: { type: "string", pattern: VALOR_PATTERN },
        valorMinimoRecebedor: { type: "string", pattern: VALOR_PATTERN },
      },
    },
    recebedor: {
      type: "object",
      additionalProperties: false,
      properties: { convenio: { type: "string", maxLength: 60 } },
    },
    politicaRetentativa,
    loc: { type: "integer", minimum: 1 },
    ativacao: ativacaoSolicitada,
  },
};

/** `PATCH /v2/rec/{idRec}` (API Pix RecRevisada): the receiver's cancel (`status: CANCELADA`), or another loc. */
export const REC_REVISADA_SCHEMA = {
  $id: "efi:RecRevisada",
  type: "object",
  minProperties: 1,
  additionalProperties: false,
  properties: {
    status: { type: "string", enum: ["CANCELADA"] },
    loc: { type: "integer", minimum: 1 },
    calendario: {
      type: "object",
      additionalProperties: false,
      properties: { dataInicial: { type: "string", format: "date" } },
    },
    ativacao: ativacaoSolicitada,
  },
};

/**
 * `POST /v2/solicrec` (API Pix SolicRecSolicitada): journey 1, the authorisation asked of the
 * payer's bank for a payer whose account is known (DadosBancarios and the holder's document).
 */
export const SOLIC_REC_SOLICITADA_SCHEMA = {
  $id: "efi:SolicRecSolicitada",
  type: "object",
  required: ["idRec", "calendario", "destinatario"],
  additionalProperties: false,
  properties: {
    idRec: { type: "string", pattern: REC_ID_PATTERN },
    calendario: {
      type: "object",
      required: ["dataExpiracaoSolicitacao"],
      additionalProperties: false,
      properties: { dataExpiracaoSolicitacao: { type: "string", format: "date-time" } },
    },
    destinatario: {
      type: "object",
      required: ["conta", "ispbParticipante"],
      additionalProperties: false,
      properties: {
        conta: { type: "string", pattern: "^\\d{1,20}$" },
        ispbParticipante: { type: "string", pattern: "^[0-9A-Z]{8}$" },
        agencia: { type: "string", pattern: "^\\d{1,4}$" },
        cpf: { type: "string", pattern: "^\\d{11}$" },
        cnpj: { type: "string", pattern: "^[0-9A-Z]{14}$" },
      },
      // The holder's CPF or CNPJ, one of them.
      oneOf: [
        { type: "object", required: ["cpf"], properties: { cpf: true, cnpj: false } },
        { type: "object", required: ["cnpj"], properties: { cnpj: true, cpf: false } },
      ],
    },
  },
};

/** `PATCH /v2/solicrec/{idSolicRec}` (API Pix SolicRecRevisada): only its cancel. */
export const SOLIC_REC_REVISADA_SCHEMA = {
  $id: "efi:SolicRecRevisada",
  type: "object",
  required: ["status"],
  additionalProperties: false,
  properties: { status: { type: "string", enum: ["CANCELADA"] } },
};

/**
 * `PUT /v2/cobr/{txid}` (API Pix CobRSolicitada): a cycle's charge of an approved recurrence,
 * debited by the payer's bank on `dataDeVencimento` (moved to the next business day when
 * `ajusteDiaUtil`), credited to the receiver's account (`recebedor`).
 */
export const COBR_SOLICITADA_SCHEMA = {
  $id: "efi:CobRSolicitada",
  type: "object",
  required: ["idRec", "calendario", "valor", "ajusteDiaUtil", "recebedor"],
  additionalProperties: false,
  properties: {
    idRec: { type: "string", pattern: REC_ID_PATTERN },
    infoAdicional: { type: "string", maxLength: 140 },
    calendario: {
      type: "object",
      required: ["dataDeVencimento"],
      additionalProperties: false,
      properties: { dataDeVencimento: { type: "string", format: "date" } },
    },
    valor: {
      type: "object",
      required: ["original"],
      additionalProperties: false,
      properties: { original: { type: "string", pattern: VALOR_PATTERN } },
    },
    ajusteDiaUtil: { type: "boolean" },
    recebedor: {
      type: "object",
      required: ["conta", "tipoConta"],
      additionalProperties: false,
      properties: {
        conta: { type: "string", pattern: "^\\d{1,20}$" },
        tipoConta: { type: "string", enum: ["CORRENTE", "POUPANCA", "PAGAMENTO"] },
        agencia: { type: "string", pattern: "^\\d{1,4}$" },
      },
    },
  },
};

/** `PATCH /v2/cobr/{txid}` (API Pix CobRRevisada): only its cancel. */
export const COBR_REVISADA_SCHEMA = {
  $id: "efi:CobRRevisada",
  type: "object",
  required: ["status"],
  additionalProperties: false,
  properties: { status: { type: "string", enum: ["CANCELADA"] } },
};

/** `PUT /v2/webhookrec` and `PUT /v2/webhookcobr` (API Pix WebhookRecSolicitado, WebhookCobRSolicitado). */
export const WEBHOOK_REC_SOLICITADO_SCHEMA = { ...WEBHOOK_SOLICITADO_SCHEMA, $id: "efi:WebhookRecSolicitado" };
export const WEBHOOK_COBR_SOLICITADO_SCHEMA = { ...WEBHOOK_SOLICITADO_SCHEMA, $id: "efi:WebhookCobRSolicitado" };

/** `POST /oauth/token`: OAuth2 client credentials, the client authenticated by HTTP Basic. */
export const TOKEN_REQUEST_SCHEMA = {
  $id: "efi:TokenRequest",
  type: "object",
  required: ["grant_type"],
  additionalProperties: false,
  properties: { grant_type: { type: "string", const: "client_credentials" } },
};

/** Every schema above, by the name the central bank (or Efí) gives the body. */
export const EFI_REQUEST_SCHEMAS = {
  CobSolicitada: COB_SOLICITADA_SCHEMA,
  CobRevisada: COB_REVISADA_SCHEMA,
  CobVSolicitada: COBV_SOLICITADA_SCHEMA,
  CobVRevisada: COBV_REVISADA_SCHEMA,
  LoteCobV: LOTE_COBV_SCHEMA,
  DevolucaoSolicitada: DEVOLUCAO_SOLICITADA_SCHEMA,
  WebhookSolicitado: WEBHOOK_SOLICITADO_SCHEMA,
  PixEnvioSolicitado: PIX_ENVIO_SOLICITADO_SCHEMA,
  TokenRequest: TOKEN_REQUEST_SCHEMA,
  RecSolicitada: REC_SOLICITADA_SCHEMA,
  RecRevisada: REC_REVISADA_SCHEMA,
  SolicRecSolicitada: SOLIC_REC_SOLICITADA_SCHEMA,
  SolicRecRevisada: SOLIC_REC_REVISADA_SCHEMA,
  CobRSolicitada: COBR_SOLICITADA_SCHEMA,
  CobRRevisada: COBR_REVISADA_SCHEMA,
  WebhookRecSolicitado: WEBHOOK_REC_SOLICITADO_SCHEMA,
  WebhookCobRSolicitado: WEBHOOK_COBR_SOLICITADO_SCHEMA,
} as const;

export type EfiRequestBodyName = keyof typeof EFI_REQUEST_SCHEMAS;
