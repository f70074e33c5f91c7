import { describe, expect, it } from 'vitest';
import { chooseEncoding, negotiate } from './negotiate';
import type { Entry } from './entry';

const both = { br: Buffer.from('b'), gzip: Buffer.from('g') };
const entry = (over: Partial<Entry> = {}): Entry => ({
  status: 200,
  headers: {},
  identity: Buffer.from('i'),
  ...both,
  hash: 'h',
  tags: [],
  ...over,
});

describe('Accept-Encoding (RFC 9110 12.5.3)', () => {
  it('takes the coding the client weighs highest, not the smallest one it accepts at all', () => {
    expect(chooseEncoding('br;q=0.5, gzip', both)).toBe('gzip');
    expect(chooseEncoding('gzip;q=0.8, br;q=0.9', both)).toBe('br');
    expect(chooseEncoding('br;q=0.1, gzip;q=0.2, identity;q=0.5', both)).toBe('identity');
    expect(chooseEncoding('gzip;q=0.2, identity', both)).toBe('identity');
  });

  it('prefers the smallest on a tie, and identity only when nothing weighed is available', () => {
    expect(chooseEncoding('gzip, deflate, br', both)).toBe('br');
    expect(chooseEncoding('gzip;q=0.5', both)).toBe('gzip');
    expect(chooseEncoding('br', { gzip: both.gzip })).toBe('identity');
    expect(chooseEncoding('br, gzip', {})).toBe('identity');
  });

  it('lets a named coding override `*`, whichever comes first', () => {
    expect(chooseEncoding('*;q=0, gzip', both)).toBe('gzip');
    expect(chooseEncoding('gzip, *;q=0', both)).toBe('gzip');
    expect(chooseEncoding('br;q=0, *', both)).toBe('gzip');
    expect(chooseEncoding('*', both)).toBe('br');
    expect(chooseEncoding('*;q=0.5, gzip', both)).toBe('gzip');
  });

  it('refuses with q=0, however written, and reads names without regard to case', () => {
    expect(chooseEncoding('br;q=0, gzip;q=0.000', both)).toBe('identity');
    expect(chooseEncoding('BR;Q=0, GZip', both)).toBe('gzip');
    expect(chooseEncoding('br ; q=0.3 , gzip ; q=0.2', both)).toBe('br');
    expect(chooseEncoding('x-gzip', both)).toBe('gzip');
    // Not a qvalue: refused, as a weight of 0.
    expect(chooseEncoding('br;q=2, gzip;q=abc', both)).toBe('identity');
  });

  it('answers identity when identity is refused and nothing else is acceptable (the RFC allows ignoring the field; no 406)', () => {
    expect(chooseEncoding('identity;q=0', both)).toBe('identity');
    expect(chooseEncoding('*;q=0', both)).toBe('identity');
    expect(chooseEncoding('identity;q=0, *;q=0', {})).toBe('identity');
    // But a compressed copy when one is acceptable.
    expect(chooseEncoding('identity;q=0, *', both)).toBe('br');
    expect(chooseEncoding('identity;q=0, gzip;q=0.1', both)).toBe('gzip');
  });

  it('answers identity without the header or with an empty one', () => {
    expect(chooseEncoding(undefined, both)).toBe('identity');
    expect(chooseEncoding('', both)).toBe('identity');
    expect(chooseEncoding(' ', both)).toBe('identity');
  });
});

describe('negotiate', () => {
  it('gives each encoding its own strong ETag', () => {
    expect(negotiate(entry(), 'br', undefined).etag).toBe('"h-br"');
    expect(negotiate(entry(), 'gzip', undefined).etag).toBe('"h-gz"');
    expect(negotiate(entry(), undefined, undefined).etag).toBe('"h"');
  });

  it('is not modified when If-None-Match names the version in any encoding, or is *; never for a redirect', () => {
    expect(negotiate(entry(), 'br', '"h-gz"').notModified).toBe(true);
    expect(negotiate(entry(), 'br', 'W/"h"').notModified).toBe(true);
    expect(negotiate(entry(), 'br', '"x", "h-br"').notModified).toBe(true);
    expect(negotiate(entry(), 'br', '*').notModified).toBe(true);
    expect(negotiate(entry(), 'br', '"x"').notModified).toBe(false);
    expect(negotiate(entry(), 'br', undefined).notModified).toBe(false);
    expect(negotiate(entry({ status: 301 }), 'br', '*').notModified).toBe(false);
  });
});
