/**
 * Why a refund can be no more than what remains of a charge, as its `refunds.dialog` key:
 * the whole payment when nothing was refunded or held (never "the rest was already refunded"
 * of a charge nothing was refunded from), else what took the rest.
 */
export function refundLimitKey(
  refundedCentavos: bigint,
  heldCentavos: bigint,
): "tooMuchPaid" | "tooMuch" | "tooMuchHeldOnly" | "tooMuchHeld" {
  if (refundedCentavos > 0n) return heldCentavos > 0n ? "tooMuchHeld" : "tooMuch";
  return heldCentavos > 0n ? "tooMuchHeldOnly" : "tooMuchPaid";
}
