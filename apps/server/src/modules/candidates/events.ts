import type { CandidateEventData, CandidateEventKind } from '@app/shared/schemas/candidates';
import type { Db } from '../../db/client';
import { candidateEvents } from '../../db/schema';
import type { Principal } from '../auth';

/** Who did something on a candidate: a staff member (kept by name too), or null (the candidate, the system). */
export type Actor = { id: number; name: string } | null;

/** The actor of a staff request: the signed-in staff member, named by their address. */
export const actorOf = (principal: Pick<Principal, 'userId' | 'email'> | null): Actor =>
  principal ? { id: principal.userId, name: principal.email } : null;

/**
 * Adds one entry to a candidate's timeline (decision 0160). Every change to a candidate writes one,
 * in the same transaction as the change, so the timeline never misses or invents one.
 */
export async function recordCandidateEvent(
  db: Db,
  entry: { candidateId: number; kind: CandidateEventKind; actor: Actor; data?: CandidateEventData; at?: Date },
): Promise<void> {
  await db.insert(candidateEvents).values({
    candidateId: entry.candidateId,
    kind: entry.kind,
    actorId: entry.actor?.id ?? null,
    actorName: entry.actor?.name ?? null,
    data: entry.data ?? {},
    ...(entry.at ? { at: entry.at } : {}),
  });
}
