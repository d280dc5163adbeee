import { type ClassType, Field, Int, ObjectType } from "type-graphql";

/** A page of a list: { data, total, limit, offset }, as the REST lists answer. */
export function PageOf<T extends object>(itemType: ClassType<T>) {
  @ObjectType()
  abstract class PageClass {
    @Field(() => [itemType])
    data!: T[];

    @Field(() => Int)
    total!: number;

    @Field(() => Int)
    limit!: number;

    @Field(() => Int)
    offset!: number;
  }
  return PageClass;
}
