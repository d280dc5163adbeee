"use client";

import { UserPlusIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { lazy } from "react";
import { Button } from "@/components/ui/button";
import { LazyTrigger } from "@/components/ui/lazy-trigger";

// The invitation form is fetched at the first press of its button.
const loadDialog = () => import("./invite-operator-dialog");
const InviteOperatorDialog = lazy(() => loadDialog().then((module) => ({ default: module.InviteOperatorDialog })));

/** "Invite operator": InviteOperatorDialog's button, the dialog fetched when pressed. */
export function InviteOperatorButton() {
  const t = useTranslations("operators");
  return (
    <LazyTrigger
      preload={loadDialog}
      button={
        <Button size="sm">
          <UserPlusIcon aria-hidden /> {t("invite.open")}
        </Button>
      }
    >
      <InviteOperatorDialog initiallyOpen />
    </LazyTrigger>
  );
}
