"use client";

import { Building2Icon, PencilIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { lazy } from "react";
import { Button } from "@/components/ui/button";
import { LazyTrigger } from "@/components/ui/lazy-trigger";
import type { EditableCompany } from "./company-dialogs";

// The company form (its fields, checks and the CNPJ validator) is fetched at the first press
// of its button: most views of the list and of a company open neither dialog.
const loadDialogs = () => import("./company-dialogs");
const EditCompanyDialog = lazy(() => loadDialogs().then((module) => ({ default: module.EditCompanyDialog })));
const NewCompanyDialog = lazy(() => loadDialogs().then((module) => ({ default: module.NewCompanyDialog })));

/** "Edit": EditCompanyDialog's button, the dialog fetched when pressed. */
export function EditCompanyButton({ company }: { company: EditableCompany }) {
  const t = useTranslations("companies.form");
  return (
    <LazyTrigger
      preload={loadDialogs}
      button={
        <Button variant="outline" size="sm">
          <PencilIcon aria-hidden /> {t("edit")}
        </Button>
      }
    >
      <EditCompanyDialog company={company} initiallyOpen />
    </LazyTrigger>
  );
}

/** "New company": NewCompanyDialog's button, the dialog fetched when pressed. */
export function NewCompanyButton() {
  const t = useTranslations("companies.form");
  return (
    <LazyTrigger
      preload={loadDialogs}
      button={
        <Button size="sm">
          <Building2Icon aria-hidden /> {t("new")}
        </Button>
      }
    >
      <NewCompanyDialog initiallyOpen />
    </LazyTrigger>
  );
}
