/**
 * Server text on our terminal is a display of hostile data: a control sequence could hide an
 * error (a carriage return and erase-line), set the window title, write the clipboard (OSC 52)
 * or reorder what is read (a bidi override). Each is shown as its escape, visibly, never acted on.
 */

// C0 but tab, DEL, C1 (CSI among them), the line separators, and the bidi controls; the second
// keeps newlines too.
const CONTROLS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const CONTROLS_BUT_LINES =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `\x1b`, `\x07`, `\u202e`: how a control character is shown. */
const visible = (character: string): string => {
  const code = character.charCodeAt(0);
  if (character === '\n') return '\\n';
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
};

/**
 * One line of server text for a terminal (a name, a URI, a warning): every control shown as its
 * escape; a tab stays a tab.
 */
export function terminalSafe(text: string): string {
  return text.replace(CONTROLS, visible);
}

/**
 * A body (a resource's text, the assembled context) for a terminal: its lines and tabs kept, every
 * other control shown as its escape.
 */
export function terminalText(text: string): string {
  return text.replace(CONTROLS_BUT_LINES, visible);
}

/**
 * JSON with C1 controls (U+0080 to U+009F, CSI among them), line separators and bidi controls
 * escaped, which JSON.stringify leaves raw.
 */
export function terminalJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(
    /[\u0080-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * What goes to stdout: the body as it is when piped (byte-faithful), shown safely on a terminal.
 */
export function forStdout(text: string): string {
  return process.stdout.isTTY ? terminalText(text) : text;
}
