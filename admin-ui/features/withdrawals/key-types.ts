const KEY_TYPE_LABELS: Record<string, string> = {
  CPF: "CPF",
  CNPJ: "CNPJ",
  EMAIL: "E-mail",
  TELEFONE: "Phone",
  ALEATORIA: "Random key",
};

/** How a PIX key type reads in the console. */
export function keyTypeLabel(type: string): string {
  return KEY_TYPE_LABELS[type] ?? type;
}
