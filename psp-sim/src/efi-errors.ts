/**
 * The two error shapes Efí's Pix API answers with: its own `{nome, mensagem}` for most
 * errors, and the central bank's problem body (RFC 7807, with `violacoes`) when a body
 * breaks the API Pix schema.
 */
export class EfiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.mensagem === "string" ? body.mensagem : String(body.detail ?? body.title ?? status));
  }
}

export const efiError = (status: number, nome: string, mensagem: string) => new EfiError(status, { nome, mensagem });

export interface Violacao {
  razao: string;
  propriedade: string;
  valor?: string;
}

/** The API Pix problem types this PSP answers, with their titles and details. */
const PROBLEMS = {
  CobOperacaoInvalida: {
    title: "Cobrança inválida.",
    detail:
      "A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o schema ou está semanticamente errada.",
  },
  CobVOperacaoInvalida: {
    title: "Cobrança inválida.",
    detail:
      "A requisição que busca alterar ou criar uma cobrança com vencimento não respeita o schema ou está semanticamente errada.",
  },
  LoteCobVOperacaoInvalida: {
    title: "Lote de cobranças inválido.",
    detail:
      "A requisição que busca alterar ou criar um lote de cobranças com vencimento não respeita o schema ou está semanticamente errada.",
  },
  LoteCobVNaoEncontrado: {
    title: "Lote não encontrado.",
    detail: "Lote não encontrado para o id informado.",
  },
  PixDevolucaoInvalida: {
    title: "Devolução inválida.",
    detail: "A presente requisição de devolução não respeita o schema ou não faz sentido semanticamente.",
  },
  WebhookOperacaoInvalida: {
    title: "Webhook inválido.",
    detail:
      "A presente requisição busca criar um webhook sem respeitar o schema ou, ainda, com sentido semanticamente inválido.",
  },
  RecOperacaoInvalida: {
    title: "Recorrência inválida.",
    detail:
      "A requisição que busca alterar ou criar uma recorrência não respeita o schema ou está semanticamente errada.",
  },
  SolicRecOperacaoInvalida: {
    title: "Solicitação de recorrência inválida.",
    detail:
      "A requisição que busca alterar ou criar uma solicitação de recorrência não respeita o schema ou está semanticamente errada.",
  },
  CobROperacaoInvalida: {
    title: "Cobrança recorrente inválida.",
    detail:
      "A requisição que busca alterar ou criar uma cobrança recorrente não respeita o schema ou está semanticamente errada.",
  },
  ParametroInvalido: {
    title: "Parâmetro inválido.",
    detail: "A requisição contém parâmetros de consulta inválidos.",
  },
  ServicoIndisponivel: {
    title: "Serviço Indisponível",
    detail:
      "Serviço não está disponível no momento. Serviço solicitado pode estar em manutenção ou fora da janela de funcionamento.",
  },
} as const;

export type ProblemType = keyof typeof PROBLEMS;

export function problem(status: number, type: ProblemType, violacoes: Violacao[] = []): EfiError {
  return new EfiError(status, {
    type: `https://pix.bcb.gov.br/api/v2/error/${type}`,
    title: PROBLEMS[type].title,
    status,
    detail: PROBLEMS[type].detail,
    ...(violacoes.length > 0 ? { violacoes } : {}),
  });
}

export const notFound = (what: string) => efiError(404, "nao_encontrado", `${what} não encontrado(a)`);
