import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/** Simple pluralisation for counts in labels ("1 withdrawal", "12 withdrawals"). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("pt-BR")} ${count === 1 ? one : many}`;
}
