/**
 * The REST reference's own prose in Portuguese: `GET /openapi.json?lang=pt-BR`, which the
 * console's reference (Scalar) reads for a Portuguese reader. The same document as
 * `/openapi.json` (paths, schemas, codes), with its summaries, the operations' and tags'
 * descriptions and the recurring texts (errors, headers, the bearer scheme) in Portuguese.
 * The schemas' field descriptions come from the GraphQL types and stay in English.
 */

type Json = Record<string, unknown>;

/** Each operation's summary, by operationId (http-stack.test: every documented operation has one). */
const SUMMARIES: Record<string, string> = {
  balance: "O saldo disponível da conta, mantido pelo livro-razão.",
  charge: 'Uma cobrança da conta, pelo seu id ("K7Q2M9XA" ou "chg_K7Q2M9XA").',
  charges:
    "As cobranças da conta, das mais novas às mais antigas (limit de 1 a 100, padrão 20; offset a partir de 0); external_reference encontra uma.",
  chargeAmountDue:
    "O valor devido num dia (date=AAAA-MM-DD, padrão hoje): o de uma cobrança com vencimento conforme multa, juros, abatimento e desconto.",
  createCharge:
    "Cria uma cobrança PENDING com seu BR Code dinâmico (valor de 0.01 a 99999999.99): imediata (expires_in) ou com vencimento (due_date, payer ou customer_id, multa, juros, abatimento, desconto).",
  createChargeBatch:
    "Cria de 1 a 1000 cobranças com vencimento de uma vez, todas ou nenhuma: um 400 lista cada item recusado em items [{index, error, code}].",
  cancelCharge:
    "Cancela uma cobrança PENDING: ela não pode mais ser paga (um pagamento que ainda chegue é recusado e guardado para análise).",
  createCustomer: "Cadastra um pagador da conta (nome e CPF ou CNPJ; e-mail e telefone opcionais).",
  customer: "Um cliente da conta.",
  customers:
    "Os clientes da conta, dos mais novos aos mais antigos (limit de 1 a 100, padrão 20; offset a partir de 0); document encontra um.",
  disputes:
    "As disputas MED da conta, do prazo mais próximo ao mais distante (limit de 1 a 100, padrão 20; offset a partir de 0).",
  dispute: "Uma disputa MED da conta.",
  refundCharge:
    "Devolve ao pagador todo ou parte de uma cobrança PAID (uma devolução Pix): o valor sai do saldo agora; a devolução fica PROCESSING até o banco devolvê-la (REFUNDED) ou não (FAILED, o valor volta). A mesma Idempotency-Key com o mesmo corpo responde de novo a devolução original.",
  refunds: "As devoluções da cobrança, das mais antigas às mais novas.",
  refund: "Uma devolução da conta.",
  createPaymentLink:
    "Cria um link de pagamento (url /l/<token>): valor fixo ou digitado pelo pagador entre min_amount e max_amount; reutilizável ou de uso único.",
  paymentLinks:
    "Os links de pagamento da conta, dos mais novos aos mais antigos (limit de 1 a 100, padrão 20; offset a partir de 0).",
  paymentLink: "Um link de pagamento da conta, com suas contagens e o total pago.",
  deactivatePaymentLink:
    "Desativa um link de pagamento: sua página não cria mais cobranças (as já criadas continuam pagáveis).",
  createQrCode:
    "Cria um QR code estático (pix_code: a chave Pix do serviço, o valor quando fixo, o identificador do código em 62-05).",
  qrCodes:
    "Os QR codes estáticos da conta, dos mais novos aos mais antigos (limit de 1 a 100, padrão 20; offset a partir de 0).",
  qrCode: "Um QR code estático da conta, com quantos pagamentos recebeu e o total.",
  deactivateQrCode:
    "Desativa um QR code estático: um Pix recebido com ele depois disso não é creditado, mas guardado para análise.",
  createRecurrence: "Cria uma recorrência do Pix Automático e o BR Code (pix_code) que o pagador lê para autorizá-la.",
  recurrence: "Uma recorrência da conta.",
  recurrences:
    "As recorrências da conta, das mais novas às mais antigas (limit de 1 a 100, padrão 20; offset a partir de 0).",
  cancelRecurrence: "Cancela uma recorrência CREATED ou APPROVED.",
  createRecurringCharge:
    "Cobra um ciclo de uma recorrência APPROVED: vencimento de 2 a 10 dias depois de hoje, o valor fixo da recorrência ou, quando variável, o valor informado.",
  recurrenceCharges:
    "As cobranças de uma recorrência, das mais novas às mais antigas (limit de 1 a 100, padrão 20; offset a partir de 0).",
  withdrawal: "Um saque da conta.",
  withdrawals:
    "Os saques da conta, dos mais novos aos mais antigos (limit de 1 a 100, padrão 20; offset a partir de 0).",
  createWithdrawal:
    "Reserva o valor (de 1.00 a 99999999.99) e põe na fila uma transferência Pix para a chave (pix_key_type e pix_key, opcionalmente com o recipient_document do titular e um recipient_name) ou para uma bank_account. A mesma Idempotency-Key com o mesmo corpo responde de novo o saque original.",
  cancelWithdrawal:
    "Cancela um saque PENDING, ou um agendado ainda não enviado ao banco (PROCESSING antes do seu dia); o valor volta ao saldo.",
  webhookEndpoints: "Os endpoints de webhook da conta (no máximo 10), sem os seus segredos.",
  webhookEndpoint: "Um endpoint de webhook da conta, sem o seu segredo.",
  createWebhookEndpoint:
    "Cria um endpoint de webhook com o seu próprio segredo (mostrado só nesta resposta), que recebe os eventos listados.",
  updateWebhookEndpoint: "Altera a url, os eventos ou a situação (ENABLED, DISABLED) de um endpoint de webhook.",
  deleteWebhookEndpoint: "Exclui um endpoint de webhook; responde com ele como estava.",
  rotateWebhookEndpointSecret: "Emite um novo segredo para um endpoint de webhook, mostrado só nesta resposta.",
  // The routes outside the declared operations.
  chargeQrCode:
    "O pix_code da cobrança como QR code: PNG (512 × 512 pixels) por padrão, SVG com format=svg. A cobrança de outra conta é 404.",
  qrCodeImage:
    "O pix_code do QR code estático como imagem para imprimir: PNG (512 × 512 pixels) por padrão, SVG com format=svg. O código de outra conta é 404.",
  pixLocation: "A cobrança por trás da location de um BR Code, como o `cob` da API Pix (lido pelo banco do pagador).",
  providerPixNotification: "A notificação do provedor Pix dos pagamentos recebidos, assinada com X-Provider-Signature.",
  healthz: "O processo está de pé.",
  readyz:
    "O banco de dados responde, as migrações estão aplicadas e o trabalho em segundo plano roda onde configurado.",
};

/** The tags' descriptions (Scalar shows them under each group's name). */
const TAGS: Record<string, string> = {
  Charges: "Cobranças Pix: imediatas e com vencimento, seu QR code, o valor devido e o saldo da conta.",
  Customers: "Os pagadores da conta.",
  Disputes: "Disputas MED (Mecanismo Especial de Devolução) abertas contra pagamentos da conta.",
  Refunds: "Devoluções de cobranças pagas ao pagador.",
  "Payment links": "Links de pagamento: uma página que cria a cobrança quando o pagador a abre.",
  "QR codes": "QR codes estáticos, para imprimir: cada Pix recebido com um deles é creditado na conta.",
  Recurrences: "Pix Automático: recorrências autorizadas pelo pagador e as cobranças de cada ciclo.",
  Withdrawals: "Saques Pix do saldo para uma chave ou conta bancária.",
  Webhooks: "Os endpoints que recebem os eventos da conta.",
  Public: "Rotas sem autenticação: o banco do pagador, o provedor Pix e as verificações de saúde.",
};

/** The recurring texts of the document (errorAnswer, headers, answers of the plain routes). */
const TEXTS: Record<string, string> = {
  "Seconds to wait": "Segundos a esperar",
  '"true" on a replay': '"true" numa repetição',
  "A UUID naming this attempt: the same key and body answer the original result again.":
    "Um UUID que nomeia esta tentativa: a mesma chave com o mesmo corpo responde de novo o resultado original.",
  "The QR code": "O QR code",
  "The `cob`": "O `cob`",
  "Every payment recorded": "Todos os pagamentos registrados",
  Up: "De pé",
  Ready: "Pronto",
  "hex HMAC-SHA256 of the raw body with PROVIDER_WEBHOOK_SECRET":
    "HMAC-SHA256 em hexadecimal do corpo bruto com PROVIDER_WEBHOOK_SECRET",
  "A merchant's client secret (sk_...)": "O client secret de um lojista (sk_...)",
};

const INFO_DESCRIPTION =
  'Lojistas criam cobranças Pix, leem o saldo e enviam saques Pix. Cada rota REST executa uma operação do esquema GraphQL (/graphql). Erros são `{"error", "code"}`; dinheiro é BRL em números JSON com no máximo duas casas decimais. As descrições dos campos dos esquemas estão em inglês, como no esquema GraphQL.';

function translated(text: unknown): unknown {
  if (typeof text !== "string") return text;
  if (text.startsWith("Error: ")) return `Erro: ${text.slice("Error: ".length)}`;
  return TEXTS[text] ?? text;
}

/** Every `description` under `node` (answers, headers, parameters) by TEXTS; schemas are left alone. */
function translateTexts(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(translateTexts);
  if (typeof node !== "object" || node === null) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "schema") out[key] = value;
    else if (key === "description") out[key] = translated(value);
    else out[key] = translateTexts(value);
  }
  return out;
}

/** The Portuguese form of the English document `openApiDocument` made (which is not changed). */
export function inPortuguese(document: Json): Json {
  const paths: Record<string, Json> = {};
  for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
    paths[path] = {};
    for (const [method, operation] of Object.entries(methods)) {
      const summary = SUMMARIES[operation.operationId as string] ?? operation.summary;
      const responses = translateTexts(operation.responses) as Record<string, Json>;
      // The success answer's description is the summary (openApiDocument).
      for (const answer of Object.values(responses))
        if (answer.description === operation.summary) answer.description = summary;
      paths[path][method] = {
        ...operation,
        summary,
        ...(typeof operation.description === "string"
          ? {
              description: operation.description.replace(/^Runs the GraphQL operation /, "Executa a operação GraphQL "),
            }
          : {}),
        ...(operation.parameters ? { parameters: translateTexts(operation.parameters) } : {}),
        responses,
      };
    }
  }
  const tags = new Set<string>();
  for (const methods of Object.values(paths))
    for (const operation of Object.values(methods))
      for (const tag of (operation as Json).tags as string[]) tags.add(tag);
  const components = document.components as Json;
  return {
    ...document,
    info: { ...(document.info as Json), description: INFO_DESCRIPTION },
    tags: [...tags].map((name) => (TAGS[name] ? { name, description: TAGS[name] } : { name })),
    paths,
    components: { ...components, securitySchemes: translateTexts(components.securitySchemes) },
  };
}

/** The operationIds without a Portuguese summary (none, when the catalogue is complete). */
export function untranslatedOperations(document: Json): string[] {
  const missing: string[] = [];
  for (const methods of Object.values(document.paths as Record<string, Record<string, Json>>))
    for (const operation of Object.values(methods))
      if (!SUMMARIES[operation.operationId as string]) missing.push(operation.operationId as string);
  return missing;
}
