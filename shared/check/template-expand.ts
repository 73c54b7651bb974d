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
function encode(value: string, reserved: boolean): string {
  const keep = reserved ? /[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]/ : /[A-Za-z0-9\-._~]/;
  let out = '';
  for (let index = 0; index < value.length; index += 1) {
    const char = value[index] as string;
    if (reserved && char === '%' && /^%[0-9A-Fa-f]{2}/.test(value.slice(index, index + 3))) {
      out += value.slice(index, index + 3);
      index += 2;
    } else if (keep.test(char)) out += char;
    else
      out += [...new TextEncoder().encode(char)]
        .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
        .join('');
  }
  return out;
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
