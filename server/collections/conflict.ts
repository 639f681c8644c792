/** The field-level merge of a write whose base version has moved on (412), for records and accounts alike. */
/**
 * The fields of a stale patch whose value moved on since the client's base
 * (all of them without a base): the field-level merge of records and
 * accounts alike. `comparable` says how a field's values compare.
 */
export function movedFields(
  fields: string[],
  current: Record<string, unknown>,
  base: Record<string, unknown> | undefined,
  comparable: (field: string, value: unknown) => unknown,
) {
  if (!base) return fields
  return fields.filter(
    (field) => !(field in base) || comparable(field, current[field]) !== comparable(field, base[field]),
  )
}
