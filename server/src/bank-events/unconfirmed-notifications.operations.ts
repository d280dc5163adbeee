import { ArgsType, Field, ID, ObjectType } from "type-graphql";
import { PageOf, PagingArgs } from "../graphql/page";
import { declareOperations } from "../operation";
import { UnconfirmedNotification, UnconfirmedNotificationStatus } from "./unconfirmed-notification.entity";
import type { UnconfirmedNotificationsService } from "./unconfirmed-notifications.service";

interface UnconfirmedNotificationServices {
  unconfirmedNotifications: UnconfirmedNotificationsService;
}

const { operation } = declareOperations<UnconfirmedNotificationServices>();

@ObjectType()
class UnconfirmedNotificationPage extends PageOf(UnconfirmedNotification) {}

@ArgsType()
class UnconfirmedNotificationListArgs extends PagingArgs {
  @Field(() => UnconfirmedNotificationStatus, { nullable: true })
  status?: UnconfirmedNotificationStatus;
}

@ArgsType()
class ResolveUnconfirmedNotificationArgs {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "1 to 500 characters: what was done (the webhook secret changed, …)." })
  resolution!: string;
}

/**
 * The operators' review of a real bank's notifications the bank did not confirm when read
 * back (CONTRACT §10): GraphQL only, as the rest of the provider's console.
 */
export const unconfirmedNotificationOperations = [
  operation({
    name: "unconfirmedNotifications",
    kind: "query",
    description:
      "Bank notifications the bank did not confirm when read back (nothing was applied), newest first, with the caller's address.",
    access: ["VIEWER"],
    args: UnconfirmedNotificationListArgs,
    output: () => UnconfirmedNotificationPage,
    run: ({ status, limit, offset, first, after }, ctx, { unconfirmedNotifications }) =>
      unconfirmedNotifications.list({ status, limit, offset, first, after }, ctx.signal),
  }),

  operation({
    name: "resolveUnconfirmedNotification",
    kind: "mutation",
    description: "Marks a reviewed unconfirmed notification RESOLVED. Moves no money.",
    access: ["OPERATOR"],
    args: ResolveUnconfirmedNotificationArgs,
    output: () => UnconfirmedNotification,
    run: ({ id, resolution }, ctx, { unconfirmedNotifications }) =>
      unconfirmedNotifications.resolve(id, resolution, ctx),
  }),
];
