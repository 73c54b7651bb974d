/** Server text on a terminal: no control character gets through (a hostile one could rewrite the screen, set the title or the clipboard). */
export function terminalSafe(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '\ufffd');
}
