/**
 * The pin relies on Node handing a nextTick callback its tick object as the current async resource.
 * Should a Node release change that, the pin would hold some other object and the server would fall
 * back to building tick objects through V8's runtime unnoticed: this test says so instead.
 */
import { describe, expect, it } from 'vitest';
import { tickObjectPinned } from './tick-object-shape';

describe('the pinned tick object', () => {
  it("is one of process.nextTick's own tick objects", async () => {
    const tick = (await tickObjectPinned) as Record<string | symbol, unknown>;
    expect(typeof tick['callback']).toBe('function');
    expect(Object.keys(tick)).toEqual(['callback', 'args']);
    // Its first keys are computed symbols, the async ids (a later Node may add others):
    // the literal the pin is for.
    expect(Object.getOwnPropertySymbols(tick).map(String)).toEqual(
      expect.arrayContaining(['Symbol(async_id_symbol)', 'Symbol(trigger_async_id_symbol)']),
    );
  });
});
