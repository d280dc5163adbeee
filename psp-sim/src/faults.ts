import { EfiError, problem } from "./efi-errors";

/**
 * Trouble on demand, for the tests of the service's retries and circuit breaker: the next
 * `count` API requests (or a share of them, `rate`) whose path starts with `pathPrefix`
 * answer 429 (with Retry-After) or a 5xx, or are never answered ("hang").
 */
export interface FaultSpec {
  status: number | "hang";
  count?: number;
  /** 0..1: each matching request fails with this probability until the faults are cleared. */
  rate?: number;
  retryAfterSeconds?: number;
  pathPrefix?: string;
}

export class Faults {
  private armed: Array<Required<Pick<FaultSpec, "status" | "pathPrefix">> & FaultSpec> = [];

  arm(spec: FaultSpec): void {
    const valid = spec.status === "hang" || (Number.isInteger(spec.status) && spec.status >= 400 && spec.status <= 599);
    if (!valid) throw new Error('status must be 429, a 5xx or "hang"');
    this.armed.push({ count: 1, pathPrefix: "/", ...spec });
  }

  clear(): void {
    this.armed = [];
  }

  list(): FaultSpec[] {
    return this.armed.map((fault) => ({ ...fault }));
  }

  /** The fault this request meets, if any: an error to answer, or "hang". */
  take(path: string): EfiError | "hang" | null {
    const fault = this.armed.find((candidate) => path.startsWith(candidate.pathPrefix));
    if (!fault) return null;
    if (fault.rate !== undefined) {
      if (Math.random() >= fault.rate) return null;
    } else {
      fault.count = (fault.count ?? 1) - 1;
      if (fault.count <= 0) this.armed.splice(this.armed.indexOf(fault), 1);
    }
    if (fault.status === "hang") return "hang";
    if (fault.status === 429) {
      return new EfiError(
        429,
        { nome: "limite_de_requisicoes", mensagem: "Limite de requisições atingido; tente novamente mais tarde" },
        { "retry-after": String(fault.retryAfterSeconds ?? 1) },
      );
    }
    const unavailable = problem(fault.status, "ServicoIndisponivel");
    return fault.retryAfterSeconds === undefined
      ? unavailable
      : new EfiError(unavailable.status, unavailable.body, { "retry-after": String(fault.retryAfterSeconds) });
  }
}
