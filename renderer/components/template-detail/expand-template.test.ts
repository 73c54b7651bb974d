import { describe, expect, it } from 'vitest';
import { templateVariables } from '../../../shared/catalog/uri-template-variables';
import { expandTemplate, operatorMark, otherValues } from './expand-template';

function expand(uriTemplate: string, values: Record<string, string>): string {
  return expandTemplate(uriTemplate, templateVariables(uriTemplate).variables, values);
}

describe('expandTemplate', () => {
  it('fills simple variables and encodes what the operator does not allow', () => {
    expect(expand('design://tokens/{group}/{token}.json', { group: 'color', token: 'a b/c' })).toBe(
      'design://tokens/color/a%20b%2Fc.json',
    );
    expect(expand('file://{+path}', { path: 'docs/a b.md' })).toBe('file://docs/a%20b.md');
  });

  it('drops the expressions of empty fields', () => {
    expect(expand('docs://lumen/search{?q,page}', { q: '', page: '2' })).toBe(
      'docs://lumen/search?page=2',
    );
    expect(expand('docs://lumen/search{?q}', {})).toBe('docs://lumen/search');
  });

  it('turns a comma-separated value of an exploded variable into a list', () => {
    expect(expand('x{?tag*}', { tag: 'a, b,,c' })).toBe('x?tag=a&tag=b&tag=c');
    expect(expand('x{/seg*}', { seg: 'a,b' })).toBe('x/a/b');
    // Not exploded: the comma is part of one value.
    expect(expand('x{?tag}', { tag: 'a,b' })).toBe('x?tag=a%2Cb');
  });

  it('applies prefixes', () => {
    expect(expand('x{;m:2}', { m: 'hello' })).toBe('x;m=he');
  });
});

describe('otherValues', () => {
  it('keeps the filled-in values of the other variables only', () => {
    expect(otherValues({ group: 'color', token: 'pri', empty: '' }, 'token')).toEqual({
      group: 'color',
    });
  });
});

describe('operatorMark', () => {
  it('says nothing for plain variables and names the operator and modifiers otherwise', () => {
    const [plain, query, list] = templateVariables('{a}{?q}{/seg*}').variables;
    expect(plain && operatorMark(plain)).toBe('');
    expect(query && operatorMark(query)).toBe('(?)');
    expect(list && operatorMark(list)).toBe('(/, list)');
  });
});
