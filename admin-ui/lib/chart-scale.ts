/** Gridlines above zero, a round step apart, the highest at or above the largest bar. */
export const GRID_STEPS = 4;

/**
 * The smallest round step of whole reais (1, 2, 2.5 or 5 times a power of ten, 2.5 only from
 * R$ 25 up) at or above `reais`: an axis reads R$ 0, 1, 2, 3, 4, never R$ 2,5 or R$ 0,5.
 */
function roundStepReais(reais: number): number {
  if (reais <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(reais));
  const factors = power >= 10 ? [1, 2, 2.5, 5, 10] : [1, 2, 5, 10];
  const factor = factors.find((candidate) => candidate * power >= reais) ?? 10;
  return factor * power;
}

/** The axis of a money chart whose largest bar is `largestCentavos`: GRID_STEPS + 1 ticks, in centavos, whole reais apart. */
export function moneyAxisTicks(largestCentavos: number): number[] {
  // At least R$ 4 high, so that an empty month still reads R$ 0, 1, 2, 3, 4.
  const step = 100 * roundStepReais(Math.max(400, largestCentavos) / 100 / GRID_STEPS);
  return Array.from({ length: GRID_STEPS + 1 }, (_, index) => step * index);
}
