import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import type { RequestContext } from "../graphql/context";
import { Recurrence } from "./recurrence.entity";

/** GraphQL's computed field of a recurrence: its schedule's next cycle. */
@Resolver(() => Recurrence)
export class RecurrenceFields {
  @FieldResolver(() => String, {
    nullable: true,
    description:
      "YYYY-MM-DD: the next cycle's due date by the schedule, today or later and after the last cycle charged; null once final or past the end date.",
  })
  nextCycleDate(@Root() recurrence: Recurrence, @Ctx() ctx: RequestContext): Promise<string | null> {
    return ctx.services.recurringCharges.nextCycleDate(recurrence);
  }
}
