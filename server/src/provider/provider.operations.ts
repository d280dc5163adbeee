import { Field, ObjectType } from "type-graphql";
import { declareOperations } from "../operation";
import type { PixProvider } from "./pix-provider";
import { isSandbox } from "./sandbox-only";

interface ProviderServices {
  provider: PixProvider;
}

const { operation } = declareOperations<ProviderServices>();

@ObjectType({ description: "What kind of service answers: what a console shows depends on it." })
class ServiceInfo {
  @Field({ description: 'The PIX provider (PIX_PROVIDER): "sandbox" or "efi".' })
  pixProvider!: string;

  @Field({
    description:
      "True when the bank is the built-in sandbox: no real money moves, and the simulate* operations work (only then; otherwise they answer SANDBOX_ONLY).",
  })
  sandbox!: boolean;
}

export const providerOperations = [
  operation({
    name: "serviceInfo",
    kind: "query",
    description: "Which bank the service uses: the sandbox, or a real one.",
    access: "caller",
    output: () => ServiceInfo,
    run: (_args, _ctx, { provider }): ServiceInfo => ({ pixProvider: provider.name, sandbox: isSandbox(provider) }),
  }),
];
