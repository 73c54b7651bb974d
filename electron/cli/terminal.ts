/** Server text on a terminal: no control character gets through (a hostile one could rewrite the screen, set the title or the clipboard). */
export function terminalSafe(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '\ufffd');
}

/** JSON with C1 controls (U+0080 to U+009F, CSI among them) and line separators escaped, which JSON.stringify leaves raw. */
export function terminalJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(/[\u0080-\u009f\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A line of server text for a terminal: as {@link terminalSafe}, but a tab stays a tab. */
export function terminalLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/g, '\ufffd');
}
