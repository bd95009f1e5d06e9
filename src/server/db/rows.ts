/** The one row a lookup finds (the query is limited to one), or null when there is none. */
export async function firstRow<T>(query: { limit(count: number): PromiseLike<T[]> }): Promise<T | null> {
  const [row] = await query.limit(1);
  return row ?? null;
}
