import {
  END_TO_END_ID_PATTERN,
  REC_ID_PATTERN,
  TXID_PATTERN,
  VALOR_PATTERN,
} from "../../src/provider/efi/api-pix-schemas";

/**
 * The Pix Automático notification bodies as the central bank's API Pix 2.9.0 writes them
 * (WebhookRecBody: `{"recs": [RecNotification]}`, WebhookCobRBody: `{"cobsr":
 * [CobRNotification]}`), for the tests to hold the local PSP's notifications to them. Unknown
 * properties are allowed, as a receiver must allow them (a PSP adds its own).
 */
const change = (statuses: string[]) => ({
  type: "array",
  items: {
    type: "object",
    required: ["status", "data"],
    properties: { status: { type: "string", enum: statuses }, data: { type: "string", format: "date-time" } },
  },
});

const REC_STATUSES = ["CRIADA", "APROVADA", "REJEITADA", "EXPIRADA", "CANCELADA"];
const COBR_STATUSES = ["CRIADA", "ATIVA", "CONCLUIDA", "EXPIRADA", "REJEITADA", "CANCELADA"];
const TENTATIVA_STATUSES = ["SOLICITADA", "AGENDADA", "PAGA", "CANCELADA", "REJEITADA", "EXPIRADA"];
const COBR_REJECTION_CODES = [
  "AB10",
  "AC05",
  "AC06",
  "AM02",
  "AM09",
  "DENC",
  "DS27",
  "DTED",
  "DTNT",
  "FBRD",
  "IRNT",
  "MIDI",
  "MSUC",
  "NIEC",
  "NIPA",
  "NITX",
  "QUNT",
  "RC09",
  "UDEI",
];

export const REC_NOTIFICATION_BODY_SCHEMA = {
  $id: "test:WebhookRecBody",
  type: "object",
  required: ["recs"],
  properties: {
    recs: {
      type: "array",
      items: {
        type: "object",
        required: ["idRec", "status", "atualizacao"],
        properties: {
          idRec: { type: "string", pattern: REC_ID_PATTERN },
          status: { type: "string", enum: REC_STATUSES },
          atualizacao: change(REC_STATUSES),
          encerramento: {
            type: "object",
            properties: {
              rejeicao: {
                type: "object",
                required: ["codigo", "descricao"],
                properties: { codigo: { type: "string", enum: ["AP13", "AP14"] }, descricao: { type: "string" } },
              },
              cancelamento: {
                type: "object",
                required: ["solicitante", "codigo", "descricao"],
                properties: {
                  solicitante: {
                    type: "string",
                    enum: ["PSP_PAGADOR", "USUARIO_PAGADOR", "PSP_RECEBEDOR", "USUARIO_RECEBEDOR"],
                  },
                  codigo: { type: "string", enum: ["ACCL", "CPCL", "DCSD", "ERSL", "FRUD", "PCFD", "SLCR", "SLDB"] },
                  descricao: { type: "string", maxLength: 400 },
                },
              },
            },
          },
          ativacao: {
            type: "object",
            required: ["tipoJornada"],
            properties: {
              tipoJornada: {
                type: "string",
                enum: ["JORNADA_1", "JORNADA_2", "JORNADA_3", "JORNADA_4", "AGUARDANDO_DEFINICAO"],
              },
            },
          },
        },
      },
    },
  },
};

export const COBR_NOTIFICATION_BODY_SCHEMA = {
  $id: "test:WebhookCobRBody",
  type: "object",
  required: ["cobsr"],
  properties: {
    cobsr: {
      type: "array",
      items: {
        type: "object",
        required: ["idRec", "txid", "status", "atualizacao"],
        properties: {
          idRec: { type: "string", pattern: REC_ID_PATTERN },
          txid: { type: "string", pattern: TXID_PATTERN },
          status: { type: "string", enum: COBR_STATUSES },
          atualizacao: change(COBR_STATUSES),
          tentativas: {
            type: "array",
            items: {
              type: "object",
              required: ["dataLiquidacao", "tipo", "endToEndId", "status", "atualizacao"],
              properties: {
                dataLiquidacao: { type: "string", format: "date" },
                tipo: { type: "string", enum: ["AGND", "NTAG", "RIFL"] },
                status: { type: "string", enum: TENTATIVA_STATUSES },
                endToEndId: { type: "string", pattern: END_TO_END_ID_PATTERN },
                atualizacao: change(TENTATIVA_STATUSES),
                rejeicao: {
                  type: "object",
                  required: ["codigo", "descricao"],
                  properties: {
                    codigo: { type: "string", enum: COBR_REJECTION_CODES },
                    descricao: { type: "string", maxLength: 400 },
                  },
                },
              },
            },
          },
          pix: {
            type: "array",
            items: {
              type: "object",
              required: ["txid", "endToEndId", "valor", "horario"],
              properties: {
                endToEndId: { type: "string", pattern: END_TO_END_ID_PATTERN },
                txid: { type: "string", pattern: TXID_PATTERN },
                valor: { type: "string", pattern: VALOR_PATTERN },
                horario: { type: "string", format: "date-time" },
              },
            },
          },
        },
      },
    },
  },
};
