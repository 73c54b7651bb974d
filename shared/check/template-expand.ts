/**
 * RFC 6570 expansion of a template with one string value per variable (levels 1 to 3, and the
 * `:N` prefix of level 4), for the check to read a URI built from a listed template. A variable
 * without a value drops out, as the RFC says of an undefined one. Pure; for a template that
 * templateVariables() parsed without error.
 */

interface Operator {
  first: string;
  separator: string;
  named: boolean;
  /** What follows the name of an empty value: "" for `;`, "=" for `?` and `&`. */
  ifEmpty: string;
  /** Reserved characters pass as they are (`+` and `#`). */
  reserved: boolean;
}

const OPERATORS: Record<string, Operator> = {
  '': { first: '', separator: ',', named: false, ifEmpty: '', reserved: false },
  '+': { first: '', separator: ',', named: false, ifEmpty: '', reserved: true },
  '#': { first: '#', separator: ',', named: false, ifEmpty: '', reserved: true },
  '.': { first: '.', separator: '.', named: false, ifEmpty: '', reserved: false },
  '/': { first: '/', separator: '/', named: false, ifEmpty: '', reserved: false },
  ';': { first: ';', separator: ';', named: true, ifEmpty: '', reserved: false },
  '?': { first: '?', separator: '&', named: true, ifEmpty: '=', reserved: false },
  '&': { first: '&', separator: '&', named: true, ifEmpty: '=', reserved: false },
};

/** RFC 3986 unreserved, and (for `+` and `#`) reserved characters and escapes kept as written. */
const utf8 = new TextEncoder();

function encode(value: string, reserved: boolean): string {
  const keep = reserved ? /[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]/ : /[A-Za-z0-9\-._~]/;
  const parts: string[] = [];
  // By code point, so a character outside the BMP (an emoji) is one UTF-8 sequence, not two
  // replacement characters.
  const chars = [...value];
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index] as string;
    if (
      reserved &&
      char === '%' &&
      /^[0-9A-Fa-f]{2}$/.test(`${chars[index + 1]}${chars[index + 2]}`)
    ) {
      parts.push(`%${chars[index + 1]}${chars[index + 2]}`);
      index += 2;
    } else if (keep.test(char)) parts.push(char);
    else
      for (const byte of utf8.encode(char))
        parts.push(`%${byte.toString(16).toUpperCase().padStart(2, '0')}`);
  }
  return parts.join('');
}

/** `uriTemplate` with each variable replaced by `values[name]`. */
export function expandTemplate(uriTemplate: string, values: Record<string, string>): string {
  return uriTemplate.replace(/\{([^}]*)\}/g, (_whole, body: string) => {
    const operator = OPERATORS[body[0] ?? ''] ? (body[0] as string) : '';
    const { first, separator, named, ifEmpty, reserved } = OPERATORS[operator] as Operator;
    const parts: string[] = [];
    for (const spec of body.slice(operator.length).split(',')) {
      const [, name = '', prefix] = /^([^:*]*)(?::(\d+))?\*?$/.exec(spec) ?? [];
      const raw = values[name];
      if (raw === undefined) continue;
      const value = encode(prefix ? [...raw].slice(0, Number(prefix)).join('') : raw, reserved);
      parts.push(named ? (value === '' ? `${name}${ifEmpty}` : `${name}=${value}`) : value);
    }
    return parts.length === 0 ? '' : `${first}${parts.join(separator)}`;
  });
}
