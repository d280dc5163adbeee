import { FieldResolver, Resolver, Root } from "type-graphql";
import { type DayNumber, isoDate, parseIsoDate, saoPauloDay } from "../billing/business-days";
import { Recurrence, RecurrenceStatus } from "./recurrence.entity";
import { firstCycleFrom } from "./recurrence-cycles";

/** GraphQL's computed field of a recurrence: its schedule's next cycle. */
@Resolver(() => Recurrence)
export class RecurrenceFields {
  @FieldResolver(() => String, {
    nullable: true,
    description:
      "YYYY-MM-DD: the next cycle's due date by the schedule (start date, frequency), today or later; null once final or past the end date.",
  })
  nextCycleDate(@Root() recurrence: Recurrence): string | null {
    if (recurrence.status !== RecurrenceStatus.CREATED && recurrence.status !== RecurrenceStatus.APPROVED) return null;
    const next = firstCycleFrom(
      parseIsoDate(recurrence.startDate) as DayNumber,
      recurrence.frequency,
      saoPauloDay(new Date()),
      recurrence.endDate === null ? null : parseIsoDate(recurrence.endDate),
    );
    return next === null ? null : isoDate(next);
  }
}
