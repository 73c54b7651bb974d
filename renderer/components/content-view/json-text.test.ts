import { describe, expect, it } from 'vitest';
import { prettyJson } from './json-text';

describe('prettyJson', () => {
  it('re-indents valid JSON', () => {
    expect(prettyJson('{"a":[1,2]}')).toEqual({
      kind: 'pretty',
      text: '{\n  "a": [\n    1,\n    2\n  ]\n}',
    });
  });

  it('says when it is not JSON', () => {
    expect(prettyJson('{"a":')).toEqual({ kind: 'invalid' });
  });

  it('does not even parse what is over the limit', () => {
    expect(prettyJson('{"a":1}', 5)).toEqual({ kind: 'too-large' });
  });
});
