/**
 * Splits `total` minor units by weight with the largest-remainder method: every share is the floor of its exact part,
 * and the units left over go one each to the largest remainders, ties to the lowest id. The shares sum exactly to the
 * total (decision record 040). Weights of 0 get nothing; all-zero weights split equally.
 */
export function splitByWeight<T extends { id: number; weight: number }>(total: number, parts: T[]): (T & { share: number })[] {
  if (parts.length === 0) return [];
  const weights = parts.every((p) => p.weight <= 0) ? parts.map(() => 1) : parts.map((p) => Math.max(0, p.weight));
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = parts.map((p, i) => ({ i, id: p.id, remainder: exact[i] - shares[i] })).sort((a, b) => b.remainder - a.remainder || a.id - b.id);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return parts.map((p, i) => ({ ...p, share: shares[i] }));
}
