/**
 * The router writes search values with a JSON-aware serializer: a string that reads as JSON (`"2"`,
 * `"true"`) is written quoted (`rooms=%222%22`) so that it parses back as a string. Our URLs carry plain
 * values (spec section 2), so a query meant for the address gives the router each value as what it
 * parses back to: `rooms: 2`, not `rooms: "2"`. Only values that survive the round trip unchanged are
 * turned (`007` stays text), so the address always says exactly what the query said.
 */
export type RouterSearch = Record<string, string | number | boolean>;

export function routerSearch(query: Readonly<Record<string, string>>): RouterSearch {
  const search: RouterSearch = {};
  for (const [key, value] of Object.entries(query)) search[key] = plainValue(value);
  return search;
}

function plainValue(value: string): string | number | boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return plainNumber(value);
}

/** A number written as text (`100200301`) as the number the router reads it as; any other text as it is. */
export function plainNumber(value: string): string | number {
  const number = Number(value);
  return value.trim() !== '' && Number.isFinite(number) && String(number) === value ? number : value;
}
