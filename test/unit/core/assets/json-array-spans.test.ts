/**
 * The scanner behind the list reader: where each element of a JSON array text
 * lies, and where the `urls` value of an object element lies, without parsing. Every
 * case asserts the exact span, so an off-by-one in the scanner shows. Positions are
 * counted by hand in the comments (index: character).
 */
import { describe, expect, it } from 'vitest';
import { afterElement, arrayStart, skipSpace, valueSpan } from '../../../../src-main/core/assets/json-array-spans';

/** A span with no `urls` value set apart. */
const plain = (start: number, end: number) => ({ start, end, urlsStart: -1, urlsEnd: -1 });

describe('skipSpace', () => {
  it('skips the four JSON spaces and nothing else', () => {
    expect(skipSpace(' \t\n\rx', 0)).toBe(4);
    expect(skipSpace('a\r\tb', 1)).toBe(3);
    expect(skipSpace('x', 0)).toBe(0);
    expect(skipSpace('\u00a0x', 0)).toBe(0);
  });

  it('stops at the end of the text', () => {
    expect(skipSpace('a  ', 1)).toBe(3);
    expect(skipSpace('', 0)).toBe(0);
  });
});

describe('valueSpan: strings', () => {
  it('spans a string to its closing quote, whatever it holds', () => {
    expect(valueSpan('""', 0)).toEqual(plain(0, 2));
    expect(valueSpan('"a b"', 0)).toEqual(plain(0, 5));
    expect(valueSpan('x "a,b]}" y', 2)).toEqual(plain(2, 9));
  });

  it('reads a quote after an odd run of backslashes as escaped, after an even run as the end', () => {
    // "a\"b" : the quote at 3 is escaped.
    expect(valueSpan('"a\\"b"', 0)).toEqual(plain(0, 6));
    // "a\\" : two backslashes, the quote at 4 ends the string.
    expect(valueSpan('"a\\\\"', 0)).toEqual(plain(0, 5));
    // "a\\\"b" : three backslashes, the quote at 5 is escaped.
    expect(valueSpan('"a\\\\\\"b"', 0)).toEqual(plain(0, 8));
    // "\\\\",1 : four backslashes then the end.
    expect(valueSpan('"\\\\\\\\",1', 0)).toEqual(plain(0, 6));
  });

  it('gives null for a string that never closes', () => {
    expect(valueSpan('"abc', 0)).toBeNull();
    expect(valueSpan('"ab\\"', 0)).toBeNull();
    expect(valueSpan('[1,"', 3)).toBeNull();
  });
});

describe('valueSpan: numbers and literals', () => {
  it.each([',', ']', '}', ' ', '\t', '\n', '\r'])('ends a number or a literal at %j', (stop) => {
    expect(valueSpan(`12${stop}3`, 0)).toEqual(plain(0, 2));
    expect(valueSpan(`[true${stop}`, 1)).toEqual(plain(1, 5));
  });

  it('runs to the end of the text when nothing ends it (JSON.parse judges the word)', () => {
    expect(valueSpan('-1.5e3', 0)).toEqual(plain(0, 6));
    expect(valueSpan('[null', 1)).toEqual(plain(1, 5));
    expect(valueSpan('1:2', 0)).toEqual(plain(0, 3));
  });

  it('gives null when no value is there', () => {
    expect(valueSpan('[1,,2]', 3)).toBeNull();
    expect(valueSpan('[1,]', 3)).toBeNull();
    expect(valueSpan('}', 0)).toBeNull();
    expect(valueSpan('[1,', 3)).toBeNull();
  });
});

describe('valueSpan: objects and arrays', () => {
  it('matches brackets outside strings only', () => {
    // 0:[ 1:[ 2:1 3:, 4:{ 5-7:"a" 8:: 9-11:"]" 12:} 13:] 14:, 15:2 16:]
    expect(valueSpan('[[1,{"a":"]"}],2]', 1)).toEqual(plain(1, 14));
    expect(valueSpan('[[1,{"a":"]"}],2]', 0)).toEqual(plain(0, 17));
    // 0:{ 1-3:"a" 4:: 5-10:"{[\"" 11:}  (the string holds brackets and an escaped quote)
    expect(valueSpan('{"a":"{[\\""},1', 0)).toEqual(plain(0, 12));
  });

  it('gives null for a value that never closes or a string inside it that never closes', () => {
    expect(valueSpan('{"a":[1,2]', 0)).toBeNull();
    expect(valueSpan('[[1]', 0)).toBeNull();
    expect(valueSpan('{"a', 0)).toBeNull();
    expect(valueSpan('{"a":"b}', 0)).toBeNull();
  });
});

describe('valueSpan: the urls member', () => {
  it('sets apart the value of a first, last or middle member', () => {
    // 0:{ 1-6:"urls" 7:: 8-10:"u" 11:, 12-14:"a" 15:: 16:1 17:}
    expect(valueSpan('{"urls":"u","a":1}', 0)).toEqual({ start: 0, end: 18, urlsStart: 8, urlsEnd: 11 });
    // 0:{ 1-3:"a" 4:: 5:1 6:, 7-12:"urls" 13:: 14-16:"u" 17:}
    expect(valueSpan('{"a":1,"urls":"u"}', 0)).toEqual({ start: 0, end: 18, urlsStart: 14, urlsEnd: 17 });
    // ... 14-16:"u" 17:, 18-20:"b" 21:: 22:2 23:}
    expect(valueSpan('{"a":1,"urls":"u","b":2}', 0)).toEqual({ start: 0, end: 24, urlsStart: 14, urlsEnd: 17 });
    // The value ends at the first comma after it, not at a later one: 8:1 9:, 15:,
    expect(valueSpan('{"urls":1,"a":2,"b":3}', 0)).toEqual({ start: 0, end: 22, urlsStart: 8, urlsEnd: 9 });
  });

  it('spans a nested value to the member comma, past commas, colons and brackets inside it', () => {
    // 0:{ 1-6:"urls" 7:: 8:[ 9:1 10:, 11:2 12:] 13:, 14-16:"a" 17:: 18:1 19:}
    expect(valueSpan('{"urls":[1,2],"a":1}', 0)).toEqual({ start: 0, end: 20, urlsStart: 8, urlsEnd: 13 });
    // 8:{ 9-11:"m" 12:: 13-17:"x,}" 18:} 19:}
    expect(valueSpan('{"urls":{"m":"x,}"}}', 0)).toEqual({ start: 0, end: 20, urlsStart: 8, urlsEnd: 19 });
  });

  it('starts the value after the spaces behind the colon and ends it at the next member punctuation', () => {
    // 0:{ 1:\r 2:\n 3:\t 4-9:"urls" 10:\t 11:: 12:\r 13:\n 14:\t 15-17:"u" 18:\r 19:\n 20:}
    expect(valueSpan('{\r\n\t"urls"\t:\r\n\t"u"\r\n}', 0)).toEqual({ start: 0, end: 21, urlsStart: 15, urlsEnd: 20 });
    // 0:{ 1:sp 2-7:"urls" 8:sp 9:: 10:sp 11-13:"u" 14:sp 15:, ... 25:}
    expect(valueSpan('{ "urls" : "u" , "a" : 1 }', 0)).toEqual({ start: 0, end: 26, urlsStart: 11, urlsEnd: 15 });
  });

  it('does not set apart a urls member written twice (JSON.parse keeps the last one)', () => {
    expect(valueSpan('{"urls":1,"urls":2}', 0)).toEqual(plain(0, 19));
    expect(valueSpan('{"urls":1,"a":0,"urls":{"m":"x"}}', 0)).toEqual(plain(0, 33));
  });

  it('does not set apart urls when a top-level key is written with an escape', () => {
    // "n\u0061me" could be any key, "urls" among them.
    expect(valueSpan('{"urls":1,"n\\u0061me":2}', 0)).toEqual(plain(0, 24));
    expect(valueSpan('{"ur\\u006cs":1,"urls":2}', 0)).toEqual(plain(0, 24));
  });

  it('does not mind escapes in values or in nested keys', () => {
    // 0:{ 1-6:"urls" 7:: 8:1 9:, 10-12:"a" 13:: 14-19:"x\ny" 20:}
    expect(valueSpan('{"urls":1,"a":"x\\ny"}', 0)).toEqual({ start: 0, end: 21, urlsStart: 8, urlsEnd: 9 });
    // 0:{ 1-3:"a" 4:: 5:{ 6-13:"\u0062" 14:: 15:1 16:} 17:, 18-23:"urls" 24:: 25:2 26:}
    expect(valueSpan('{"a":{"\\u0062":1},"urls":2}', 0)).toEqual({ start: 0, end: 27, urlsStart: 25, urlsEnd: 26 });
  });

  it('counts only keys of the element itself: "urls" at depth 2 or as a value is not its member', () => {
    expect(valueSpan('{"a":{"urls":1},"b":2}', 0)).toEqual(plain(0, 22));
    expect(valueSpan('{"a":[{"urls":1}],"b":2}', 0)).toEqual(plain(0, 24));
    expect(valueSpan('{"name":"urls","b":1}', 0)).toEqual(plain(0, 21));
    // 0:{ 1-3:"a" 4:: 5:{ 6-11:"urls" 12:: 13:1 14:} 15:, 16-21:"urls" 22:: 23-25:"u" 26:}
    expect(valueSpan('{"a":{"urls":1},"urls":"u"}', 0)).toEqual({ start: 0, end: 27, urlsStart: 23, urlsEnd: 26 });
  });

  it('sets nothing apart in an object without urls or in an element that is not an object', () => {
    expect(valueSpan('{"a":1,"b":[2]}', 0)).toEqual(plain(0, 15));
    expect(valueSpan('{}', 0)).toEqual(plain(0, 2));
    expect(valueSpan('["urls",{"urls":1}]', 0)).toEqual(plain(0, 19));
  });

  // The reader only uses the spans of an element that JSON.parse then accepts, so what
  // follows pins the scanner's own rules on text it will never be trusted with.
  describe('on text JSON.parse refuses', () => {
    it('sets apart urls only in an element that opens with {', () => {
      expect(valueSpan('["urls":1]', 0)).toEqual(plain(0, 10));
    });

    it('takes as a key only a string at the element level right after { or a comma', () => {
      // A string inside a nested value, before any key: 0:{ 1:[ 2-7:"urls" 8:] 9:: 10:5 11:}
      expect(valueSpan('{["urls"]:5}', 0)).toEqual(plain(0, 12));
      // A string after a nested value, with no comma before it.
      expect(valueSpan('{"a":[1]"urls":2}', 0)).toEqual(plain(0, 17));
    });

    it('looks for escapes inside a key only, not around it', () => {
      // 0:{ 1:\ 2-4:"b" 5:: 6:1 7:, 8-13:"urls" 14:: 15:2 16:}
      expect(valueSpan('{\\"b":1,"urls":2}', 0)).toEqual({ start: 0, end: 17, urlsStart: 15, urlsEnd: 16 });
      // 0:{ 1-3:"b" 4:\ 5:: 6:1 7:, 8-13:"urls" 14:: 15:2 16:}
      expect(valueSpan('{"b"\\:1,"urls":2}', 0)).toEqual({ start: 0, end: 17, urlsStart: 15, urlsEnd: 16 });
    });

    it('sets apart no empty urls value', () => {
      expect(valueSpan('{"urls":}', 0)).toEqual(plain(0, 9));
    });
  });
});

describe('afterElement', () => {
  it('finds the next element after a comma and the spaces around it', () => {
    expect(afterElement('[1,2]', 2)).toEqual({ next: 3 });
    // 0:[ 1:1 2:sp 3:, 4:\n 5:\t 6:\r 7:2 8:]
    expect(afterElement('[1 ,\n\t\r2]', 2)).toEqual({ next: 7 });
  });

  it('ends the array at its closing bracket when only spaces follow', () => {
    expect(afterElement('[1]', 2)).toEqual({ done: true });
    expect(afterElement('[1 ]\r\n \t', 2)).toEqual({ done: true });
  });

  it('gives null when the text ends early or holds anything else', () => {
    expect(afterElement('[1,', 2)).toBeNull();
    expect(afterElement('[1, \n', 2)).toBeNull();
    expect(afterElement('[1', 2)).toBeNull();
    expect(afterElement('[1 ', 2)).toBeNull();
    expect(afterElement('[1}', 2)).toBeNull();
    expect(afterElement('[1 x', 2)).toBeNull();
    expect(afterElement('[1] x', 2)).toBeNull();
    expect(afterElement('[1]]', 2)).toBeNull();
  });
});

describe('arrayStart', () => {
  it('finds the first element after the opening bracket and the spaces around it', () => {
    expect(arrayStart('[1]')).toEqual({ next: 1 });
    // 0:sp 1:\n 2:[ 3:\t 4:1
    expect(arrayStart(' \n[\t1]')).toEqual({ next: 4 });
  });

  it('reads an empty array, spaces around it or not', () => {
    expect(arrayStart('[]')).toEqual({ done: true });
    expect(arrayStart(' [\r\n] \t')).toEqual({ done: true });
  });

  it('gives null for a text that is not one array', () => {
    expect(arrayStart('{"a":1}')).toBeNull();
    expect(arrayStart('x[1]')).toBeNull();
    expect(arrayStart('')).toBeNull();
    expect(arrayStart('   ')).toBeNull();
    expect(arrayStart('[] x')).toBeNull();
    expect(arrayStart('[]]')).toBeNull();
  });

  it('gives null for a text that ends after the opening bracket', () => {
    expect(arrayStart('[')).toBeNull();
    expect(arrayStart('[ \n')).toBeNull();
  });
});
