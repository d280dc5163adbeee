"use client";

import { PlusIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { lazy } from "react";
import { Button } from "@/components/ui/button";
import { LazyTrigger } from "@/components/ui/lazy-trigger";

// The adjustment form (its tabs, company select and amount parsing) is fetched at the first
// press: the adjustments list and every company page show the button, few views use it.
const loadDialog = () => import("./create-adjustment-dialog");
const CreateAdjustmentDialog = lazy(() => loadDialog().then((module) => ({ default: module.CreateAdjustmentDialog })));

/** "New adjustment": CreateAdjustmentDialog's button, the dialog fetched when pressed. */
export function CreateAdjustmentButton(props: {
  companies: Array<{ id: string; name: string }>;
  defaultCompany: string | null;
}) {
  const t = useTranslations("adjustments.create");
  return (
    <LazyTrigger
      preload={loadDialog}
      button={
        <Button size="sm">
          <PlusIcon aria-hidden /> {t("open")}
        </Button>
      }
    >
      <CreateAdjustmentDialog {...props} initiallyOpen />
    </LazyTrigger>
  );
}
