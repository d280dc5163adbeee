import { getTranslations } from "next-intl/server";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { RecurringChargeRowFragment } from "@/gql/graphql";
import { execute } from "@/lib/graphql/execute";
import { DebitAttemptsList } from "./debit-attempts-list";
import { RecurrenceAttemptsDocument } from "./documents";
import { RecurrenceCharges } from "./recurrence-charges";

/** The newest attempts shown (a recurrence has at most 4 a cycle). */
const ATTEMPTS_SHOWN = 50;

/**
 * What happened under a recurrence, on its page for merchants and operators alike: its
 * charges (a page of them, each cycle's debit attempt, refusal and next attempt) and its
 * debit attempts as the payer's bank answered them. Each row opens its charge under
 * `chargeBasePath`; `sandbox` offers the simulated debit of a PENDING charge (merchants).
 */
export async function RecurrenceActivity({
  recurrenceId,
  charges,
  page,
  perPage,
  sandbox,
  chargeBasePath,
}: {
  recurrenceId: string;
  charges: { data: RecurringChargeRowFragment[]; total: number; totalCapped: boolean };
  page: number;
  perPage: number;
  sandbox: boolean;
  chargeBasePath: string;
}) {
  const [{ recurringDebitAttempts }, t, tAttempts] = await Promise.all([
    execute(RecurrenceAttemptsDocument, { recurrenceId, limit: ATTEMPTS_SHOWN }),
    getTranslations("recurrences.detail"),
    getTranslations("recurrences.attempts"),
  ]);
  return (
    <>
      <Card>
        <CardHeader>
          <div>
            <CardTitle>{t("charges")}</CardTitle>
            <CardDescription>{t("chargesDescription")}</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <RecurrenceCharges
            rows={charges.data}
            total={charges.total}
            totalCapped={charges.totalCapped}
            page={page}
            perPage={perPage}
            sandbox={sandbox}
            chargeBasePath={chargeBasePath}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <div>
            <CardTitle>{tAttempts("title")}</CardTitle>
            <CardDescription>{tAttempts("description")}</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <DebitAttemptsList
            rows={recurringDebitAttempts.data}
            chargeBasePath={chargeBasePath}
            label={tAttempts("label")}
            empty={{ title: tAttempts("empty"), description: tAttempts("emptyDescription") }}
          />
        </CardContent>
      </Card>
    </>
  );
}
