/** A route id (/edit-provider/{id}, /edit-mailbox/{id}): digits only and above 0, else undefined. */
export function parseRouteId(raw: string | undefined): number | undefined {
  // Same bound as the server's idParam, so an id accepted here is never refused there as malformed.
  if (!raw || !/^\d{1,9}$/.test(raw) || Number(raw) === 0) return undefined;
  return Number(raw);
}
