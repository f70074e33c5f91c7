import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MSG } from '../messages/index';
import { containsControlCharacters, multiLineText, singleLineText, withoutControlCharacters } from './text';
import { contactForm } from './contact';
import { loginRequest } from './auth';
import { postForm } from './posts';

const messages = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

const C0_BUT_BREAKS = [...Array(32).keys()].filter((c) => ![9, 10, 13].includes(c)).map((c) => String.fromCharCode(c));

describe('text builders', () => {
  it('single-line text refuses every C0 control character and DEL, line breaks with their own message', () => {
    const field = singleLineText().trim().min(1, 'Required');
    for (const ch of [...C0_BUT_BREAKS, '\t', '\u007f'])
      expect(messages(field, `a${ch}b`)).toEqual([MSG.controlCharacters]);
    expect(messages(field, 'a\r\nb')).toEqual([MSG.lineBreaks]);
    expect(messages(field, 'Jane Doe-Smith (é, 日本, 🙂)')).toEqual([]);
  });

  it('multi-line text allows tab, CR and LF and refuses the other control characters', () => {
    const field = multiLineText().trim();
    expect(messages(field, 'one\ttwo\r\nthree\nfour')).toEqual([]);
    for (const ch of [...C0_BUT_BREAKS, '\u007f']) expect(messages(field, `a${ch}b`)).toEqual([MSG.controlCharacters]);
  });

  it('refuses half of a surrogate pair (no UTF-8 form: it would be stored as U+FFFD), keeps whole pairs', () => {
    for (const field of [singleLineText(), multiLineText()]) {
      expect(messages(field, 'smile \ud83d')).toEqual([MSG.loneSurrogate]);
      expect(messages(field, '\ude00 smile')).toEqual([MSG.loneSurrogate]);
      expect(messages(field, 'smile \ud83d\ude00')).toEqual([]);
    }
    expect(messages(postForm, { name: 'Title \udfff', content: 'Long enough content.', postedBy: 'Me' })).toEqual([
      MSG.loneSurrogate,
    ]);
  });

  it('checks the raw value, so trimming cannot remove a control character at either end', () => {
    // String.prototype.trim removes U+000B and U+000C, and tab/CR/LF.
    expect(messages(singleLineText().trim().min(1), 'name\u000b')).toEqual([MSG.controlCharacters]);
    expect(messages(singleLineText().trim().min(1), '\fname')).toEqual([MSG.controlCharacters]);
    expect(messages(singleLineText().trim().min(1), 'name\n')).toEqual([MSG.lineBreaks]);
    expect(messages(multiLineText().trim(), 'text\u0000')).toEqual([MSG.controlCharacters]);
    expect(singleLineText().trim().parse('  name  ')).toBe('name');
  });

  it('keeps the required message first (and alone) for an empty or blank value', () => {
    expect(messages(contactForm.shape.fullName, '')).toEqual([MSG.nameRequired]);
    expect(messages(contactForm.shape.message, '   ')).toEqual([MSG.messageRequired]);
    expect(messages(loginRequest.shape.username, '')).toEqual([MSG.usernameRequired]);
    expect(messages(postForm.shape.content, '')).toEqual([MSG.postContentRequired, MSG.postContentMin]);
  });

  it('looks inside values a schema does not otherwise read', () => {
    expect(containsControlCharacters([{ imagePath: '/images/a.png' }])).toBe(false);
    expect(containsControlCharacters([{ imagePath: '/images/a\u0000.png' }])).toBe(true);
    expect(containsControlCharacters({ 'k\u0001': 1 })).toBe(true);
    expect(messages(withoutControlCharacters(z.array(z.unknown())), [['x\u007f']])).toEqual([MSG.controlCharacters]);
    expect(messages(withoutControlCharacters(z.array(z.unknown())), [{ imageType: 'png\ud83d' }])).toEqual([
      MSG.loneSurrogate,
    ]);
    expect(messages(withoutControlCharacters(z.array(z.unknown())), [{ 'k\ude00': 1 }])).toEqual([MSG.loneSurrogate]);
    expect(messages(withoutControlCharacters(z.array(z.unknown())), [{ imageType: 'png \ud83d\ude00' }])).toEqual([]);
  });
});
