import { describe, expect, it } from 'vitest';
import { expandTemplate } from './template-expand';

// The examples of RFC 6570 §3.2, with var = "value", hello = "Hello World!", path = "/foo/bar",
// x = "1024", y = "768", empty = "".
const values = {
  var: 'value',
  hello: 'Hello World!',
  path: '/foo/bar',
  x: '1024',
  y: '768',
  empty: '',
};

describe('RFC 6570 expansion, one string a variable', () => {
  it.each([
    ['{var}', 'value'],
    ['{hello}', 'Hello%20World%21'],
    ['{+hello}', 'Hello%20World!'],
    ['{+path}/here', '/foo/bar/here'],
    ['{#path,x}/here', '#/foo/bar,1024/here'],
    ['X{.var}', 'X.value'],
    ['{/var,x}/here', '/value/1024/here'],
    ['{;x,y,empty}', ';x=1024;y=768;empty'],
    ['{?x,y,empty}', '?x=1024&y=768&empty='],
    ['?fixed=yes{&x}', '?fixed=yes&x=1024'],
    ['{var:3}', 'val'],
    ['{undef}', ''],
    ['{x,undef,y}', '1024,768'],
  ])('%s → %s', (template, expected) => {
    expect(expandTemplate(template, values)).toBe(expected);
  });

  it('expands a resource template with the value chosen for it', () => {
    expect(expandTemplate('test://template/{id}/data', { id: '123' })).toBe(
      'test://template/123/data',
    );
    expect(expandTemplate('file:///{+path}', { path: 'a b/c.txt' })).toBe('file:///a%20b/c.txt');
  });

  it('encodes a character outside the BMP as its one UTF-8 sequence, prefix included', () => {
    expect(expandTemplate('a://{x}', { x: '😀' })).toBe('a://%F0%9F%98%80');
    expect(expandTemplate('a://{x:1}', { x: '😀b' })).toBe('a://%F0%9F%98%80');
    expect(expandTemplate('a://{+x}', { x: '%41/😀' })).toBe('a://%41/%F0%9F%98%80');
  });
});
