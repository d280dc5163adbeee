import type { DataSource } from "typeorm";
import { insertClientCredential } from "../auth/auth.service";
import { ClientCredential } from "../auth/client-credential.entity";
import { notFound, validationError } from "../core/errors";
import { newCompanyId } from "../core/ids";
import { type Cents, MAX_AMOUNT_CENTS, parseBrl, parsePercent } from "../core/money";
import { newSecret } from "../core/secrets";
import { assertWebhookUrl } from "../webhooks/webhook-url";
import { Company } from "./company.entity";

export const WEBHOOK_SECRET_PREFIX = "whsec_";

export interface NewCompany {
  name: string;
  city?: string | null;
  webhookUrl?: string | null;
  feePercentCenti?: bigint | null;
  feeFixedCents?: Cents | null;
  autoApproveLimitCents?: Cents | null;
}

export interface CompanyChanges {
  name?: string | null;
  city?: string | null;
  feePercentCenti?: bigint | null;
  feeFixedCents?: Cents | null;
  /** null clears the limit (every withdrawal waits for an operator); undefined leaves it. */
  autoApproveLimitCents?: Cents | null;
}

export interface CompanyDefaults {
  feePercent: string;
  feeFixed: string;
}

function checkName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > 100) throw validationError("name must have 1 to 100 characters");
  return trimmed;
}

function checkCity(city: string): string {
  const trimmed = city.trim();
  if (trimmed.length === 0 || trimmed.length > 60) throw validationError("city must have 1 to 60 characters");
  return trimmed;
}

function checkMoneyLimit(field: string, cents: Cents): Cents {
  if (cents < 0n || cents > MAX_AMOUNT_CENTS) throw validationError(`${field} must be between 0.00 and 99999999.99`);
  return cents;
}

export class CompaniesService {
  private readonly defaultFeePercentCenti: bigint;
  private readonly defaultFeeFixedCents: Cents;

  constructor(
    private readonly db: DataSource,
    defaults: CompanyDefaults,
    private readonly allowPrivateWebhooks: boolean,
  ) {
    this.defaultFeePercentCenti = parsePercent(defaults.feePercent);
    this.defaultFeeFixedCents = parseBrl(defaults.feeFixed);
  }

  /** Creates the account with its first client secret and its webhook secret, shown only now. */
  async createCompany(
    input: NewCompany,
  ): Promise<{ company: Company; clientSecret: string; webhookSecret: string; credential: ClientCredential }> {
    const webhookUrl = input.webhookUrl ? assertWebhookUrl(input.webhookUrl, this.allowPrivateWebhooks) : null;
    const webhookSecret = newSecret(WEBHOOK_SECRET_PREFIX);
    const now = new Date();
    return this.db.transaction(async (em) => {
      const repo = em.getRepository(Company);
      const company = repo.create({
        id: newCompanyId(),
        name: checkName(input.name),
        city: checkCity(input.city ?? "SAO PAULO"),
        feePercentCenti: input.feePercentCenti ?? this.defaultFeePercentCenti,
        feeFixedCents: checkMoneyLimit("feeFixed", input.feeFixedCents ?? this.defaultFeeFixedCents),
        autoApproveLimitCents:
          input.autoApproveLimitCents == null ? null : checkMoneyLimit("autoApproveLimit", input.autoApproveLimitCents),
        webhookUrl,
        webhookSecret,
        balanceCents: 0n,
        createdAt: now,
        updatedAt: now,
      });
      await repo.insert(company);
      const { credential, clientSecret } = await insertClientCredential(
        em.getRepository(ClientCredential),
        company.id,
        null,
      );
      return { company, clientSecret, webhookSecret, credential };
    });
  }

  async updateCompany(id: string, changes: CompanyChanges): Promise<Company> {
    return this.db.transaction(async (em) => {
      const repo = em.getRepository(Company);
      const company = await repo.findOne({ where: { id }, lock: { mode: "pessimistic_write" } });
      if (!company) throw notFound("Company");
      if (changes.name != null) company.name = checkName(changes.name);
      if (changes.city != null) company.city = checkCity(changes.city);
      if (changes.feePercentCenti != null) company.feePercentCenti = changes.feePercentCenti;
      if (changes.feeFixedCents != null) company.feeFixedCents = checkMoneyLimit("feeFixed", changes.feeFixedCents);
      if (changes.autoApproveLimitCents !== undefined) {
        company.autoApproveLimitCents =
          changes.autoApproveLimitCents === null
            ? null
            : checkMoneyLimit("autoApproveLimit", changes.autoApproveLimitCents);
      }
      company.updatedAt = new Date();
      return repo.save(company);
    });
  }

  async getCompany(id: string): Promise<Company> {
    const company = await this.db.getRepository(Company).findOneBy({ id });
    if (!company) throw notFound("Company");
    return company;
  }

  listCompanies(): Promise<Company[]> {
    return this.db.getRepository(Company).find({ order: { createdAt: "DESC", id: "DESC" } });
  }
}
