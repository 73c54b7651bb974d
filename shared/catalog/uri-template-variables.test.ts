import { describe, expect, it } from 'vitest';
import { templateVariables } from './uri-template-variables';

describe('templateVariables', () => {
  it('reads a simple expression and leaves literals alone', () => {
    expect(templateVariables('changelog://lumen/releases/{version}')).toEqual({
      variables: [{ name: 'version', operator: '', explode: false }],
    });
    expect(templateVariables('docs://lumen/index.md')).toEqual({ variables: [] });
  });

  it.each([
    ['+', 'file://{+path}'],
    ['#', 'page{#section}'],
    ['.', 'host{.domain}'],
    ['/', 'root{/segment}'],
    [';', 'matrix{;param}'],
    ['?', 'search{?q}'],
    ['&', 'search?a=1{&q}'],
  ])('knows the %s operator', (operator, uriTemplate) => {
    const { variables, error } = templateVariables(uriTemplate);
    expect(error).toBeUndefined();
    expect(variables).toHaveLength(1);
    expect(variables[0]?.operator).toBe(operator);
  });

  it('reads explode and prefix modifiers, and several variables in one expression', () => {
    expect(templateVariables('map{?list*,keys:3,plain}').variables).toEqual([
      { name: 'list', operator: '?', explode: true },
      { name: 'keys', operator: '?', explode: false, maxLength: 3 },
      { name: 'plain', operator: '?', explode: false },
    ]);
    expect(templateVariables('{x:9999}').variables[0]?.maxLength).toBe(9999);
  });

  it('keeps the order of first appearance and drops repeats', () => {
    const { variables } = templateVariables(
      'design://tokens/{group}/{token}.json{?group,token,fmt}',
    );
    expect(variables.map((variable) => variable.name)).toEqual(['group', 'token', 'fmt']);
    expect(variables[0]?.operator).toBe('');
  });

  it('accepts dotted and percent-encoded variable names', () => {
    expect(templateVariables('{a.b}{%41b_1}').variables.map((variable) => variable.name)).toEqual([
      'a.b',
      '%41b_1',
    ]);
  });

  it.each([
    ['an unclosed brace', 'db://tables/{table', /unclosed "\{" at position 13/],
    ['a brace opened inside an expression', '{a{b}', /unclosed "\{" at position 1/],
    ['a stray closing brace', 'db://tables}/{table}', /unmatched "\}" at position 12/],
    ['an empty expression', 'db://{}', /empty expression at position 6/],
    ['an operator alone', 'db://{?}', /operator "\?" without a variable/],
    ['an empty variable in a list', '{a,,b}', /missing variable name/],
    ['a space in a name', '{a b}', /invalid variable name "a b"/],
    ['a double dot in a name', '{a..b}', /invalid variable name "a..b"/],
    ['a prefix of zero', '{a:0}', /prefix length "0" of "a" is not 1 to 9999/],
    ['a prefix above 9999', '{a:10000}', /prefix length "10000"/],
    ['prefix and explode together', '{a:3*}', /invalid variable name "a:3"/],
  ])('reports %s instead of throwing', (_case, uriTemplate, message) => {
    const result = templateVariables(uriTemplate);
    expect(result.error).toMatch(message);
  });

  it.each(['=', ',', '!', '@', '|'])('rejects the reserved operator %s', (operator) => {
    expect(templateVariables(`x{${operator}var}`).error).toBe(
      `reserved operator "${operator}" in the expression at position 2`,
    );
  });

  it('still lists the variables of the well-formed expressions of a malformed template', () => {
    const result = templateVariables('{good}/{!bad}/{later}/{');
    expect(result.variables.map((variable) => variable.name)).toEqual(['good', 'later']);
    expect(result.error).toMatch(/reserved operator "!"/);
  });

  it('reads a hostile run of braces in one pass', () => {
    // Searched for its "}" from every "{", this took minutes at a few MB.
    expect(templateVariables(`${'{'.repeat(1_000_000)}x}`).error).toBe(
      'unclosed "{" at position 1',
    );
    expect(templateVariables(`${'a{b}'.repeat(250_000)}`).variables).toEqual([
      { name: 'b', operator: '', explode: false },
    ]);
  });
});
