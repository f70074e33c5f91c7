/**
 * A numeric id from a route parameter: digits only, above 0 and at most nine digits (the bound of
 * the API's id parameter, so an id accepted here is never refused there as malformed). Anything
 * else, an absent parameter included, gives undefined.
 *
 * Kept free of zod: public route loaders use it in the first load.
 */
export function parseId(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^\d{1,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 ? id : undefined;
}
