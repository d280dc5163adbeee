import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/page-header";
import { execute } from "@/lib/graphql/execute";
import { MySessionsDocument } from "./documents";
import { SessionsList } from "./sessions-list";

/** The signed-in user's sessions (app/(operator)/ops/account/sessions and app/(merchant)/m/account/sessions). */
export async function SessionsPage() {
  const t = await getTranslations("account.sessions");
  const { mySessions } = await execute(MySessionsDocument);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t("title")} description={t("description")} />
      <SessionsList sessions={mySessions} />
    </div>
  );
}
