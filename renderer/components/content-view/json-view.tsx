import { useMemo } from 'react';
import { CodeView, tooLargeNote } from './code-view';
import { prettyJson } from './json-text';
import { PlainText } from './text-view';

/**
 * JSON pretty-printed and highlighted when small and valid; as sent otherwise, with a note saying
 * why.
 */
export function JsonView({ text }: { text: string }) {
  const json = useMemo(() => prettyJson(text), [text]);
  if (json.kind === 'too-large')
    return <PlainText text={text} note={tooLargeNote('format', 'JSON')} />;
  if (json.kind === 'invalid')
    return <CodeView text={text} language="json" note="Not valid JSON; shown as sent." />;
  return <CodeView text={json.text} language="json" />;
}
