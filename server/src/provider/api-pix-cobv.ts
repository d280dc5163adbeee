import {
  AdjustmentMode,
  adjustmentModalidade,
  DiscountMode,
  type DiscountTerm,
  type DueDateTerms,
  discountModalidade,
  InterestMode,
  interestModalidade,
  isUntilDatesDiscount,
} from "../billing";
import { formatBrl, parseBrl } from "../core/money";
import { documentKind } from "../customers";

/**
 * A due-date charge in the central bank's API Pix `cobv` words (CobVValor, DadosDevedor),
 * for the bank (Efí's `PUT /v2/cobv/{txid}`) and for the sandbox's location alike: the
 * modes as their `modalidade` numbers (the contract's order), every value as "0.00" text.
 */
export function cobvValor(terms: DueDateTerms) {
  const { fine, interest, abatement, discount } = terms;
  return {
    original: formatBrl(terms.amountCents),
    ...(fine ? { multa: { modalidade: adjustmentModalidade(fine.mode), valorPerc: formatBrl(fine.value) } } : {}),
    ...(interest
      ? { juros: { modalidade: interestModalidade(interest.mode), valorPerc: formatBrl(interest.value) } }
      : {}),
    ...(abatement
      ? { abatimento: { modalidade: adjustmentModalidade(abatement.mode), valorPerc: formatBrl(abatement.value) } }
      : {}),
    ...(discount
      ? {
          desconto:
            "dates" in discount && isUntilDatesDiscount(discount.mode)
              ? {
                  modalidade: discountModalidade(discount.mode),
                  descontoDataFixa: discount.dates.map((entry) => ({
                    data: entry.date,
                    valorPerc: formatBrl(entry.value),
                  })),
                }
              : {
                  modalidade: discountModalidade(discount.mode),
                  valorPerc: formatBrl((discount as { value: bigint }).value),
                },
        }
      : {}),
  };
}

/** API Pix `devedor`: `cpf` or `cnpj`, and `nome`. */
export function devedorOf(debtor: { name: string; document: string }) {
  return { [documentKind(debtor.document)]: debtor.document, nome: debtor.name };
}

/** API Pix `calendario` of a cobv as the receiver sends it. */
export function cobvCalendario(terms: DueDateTerms) {
  return { dataDeVencimento: terms.dueDate, validadeAposVencimento: terms.daysAfterDue };
}

/** A cobv's `valor` as sent to the bank (CobVValor). */
export type CobvValor = ReturnType<typeof cobvValor>;

/**
 * The terms of a cobv as the bank received them (the reverse of cobvValor), so that a bank
 * (the local PSP) reckons the amount due by the same rules.
 */
export function termsFromCobv(cobv: {
  calendario: { dataDeVencimento: string; validadeAposVencimento?: number };
  valor: CobvValor;
}): DueDateTerms {
  const { valor } = cobv;
  const adjustment = (term: { modalidade: number; valorPerc: string } | undefined) =>
    term
      ? { mode: term.modalidade === 1 ? AdjustmentMode.FIXED : AdjustmentMode.PERCENT, value: parseBrl(term.valorPerc) }
      : null;
  const discountMode = valor.desconto ? Object.values(DiscountMode)[valor.desconto.modalidade - 1] : null;
  const desconto = valor.desconto as
    | { descontoDataFixa?: { data: string; valorPerc: string }[]; valorPerc?: string }
    | undefined;
  return {
    amountCents: parseBrl(valor.original),
    dueDate: cobv.calendario.dataDeVencimento,
    daysAfterDue: cobv.calendario.validadeAposVencimento ?? 30,
    abatement: adjustment(valor.abatimento),
    fine: adjustment(valor.multa),
    interest: valor.juros
      ? { mode: Object.values(InterestMode)[valor.juros.modalidade - 1], value: parseBrl(valor.juros.valorPerc) }
      : null,
    discount:
      discountMode === null || desconto === undefined
        ? null
        : desconto.descontoDataFixa
          ? ({
              mode: discountMode,
              dates: desconto.descontoDataFixa.map((entry) => ({ date: entry.data, value: parseBrl(entry.valorPerc) })),
            } as DiscountTerm)
          : ({ mode: discountMode, value: parseBrl(desconto.valorPerc) } as DiscountTerm),
  };
}
