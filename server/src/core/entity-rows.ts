import type { DataSource, EntityTarget, ObjectLiteral, ValueTransformer } from "typeorm";

/**
 * Turns raw rows (`SELECT *`) into entities through the entity's own column metadata and
 * transformers, without TypeORM's query builder: for hot reads, where building the query
 * and hydrating the result cost more than the database round trip.
 */
export function entityRowMapper<T extends ObjectLiteral>(
  db: DataSource,
  target: EntityTarget<T>,
): (row: Record<string, unknown>) => T {
  const metadata = db.getMetadata(target);
  const columns = metadata.columns.map((column) => ({
    property: column.propertyName,
    name: column.databaseName,
    from: (column.transformer as ValueTransformer | undefined)?.from,
  }));
  return (row) => {
    const entity = metadata.create() as T;
    for (const { property, name, from } of columns) {
      const value = row[name];
      (entity as Record<string, unknown>)[property] = from ? from(value) : value;
    }
    return entity;
  };
}
