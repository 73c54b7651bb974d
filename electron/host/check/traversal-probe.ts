/**
 * Path traversal through `file://` URIs, asked of a server that lists some (since 2026-07-28 it
 * MUST sanitize them).
 */
import type { RuleResult } from '../../../shared/check/check-types';
import { judge } from '../../../shared/check/judge';
import { cut } from '../../../shared/check/list-rules';
import type { Ask } from './probe';

/**
 * For `file://` resources: paths out of the listed root (`..`, `%2e%2e`, encoded slashes, an
 * absolute path elsewhere) must get an error, never content. Since 2026-07-28 a server MUST
 * sanitize them.
 */
export async function traversalRule(
  ask: Ask,
  uris: string[],
  era: 'legacy' | 'modern',
): Promise<RuleResult> {
  const rule = judge('security.path-traversal', era);
  const files = uris.filter((uri) => uri.startsWith('file://'));
  if (files.length === 0) return rule.notApplicable('no file:// resources are listed');
  // The deepest folder every listed file shares, and one file in it to climb out of.
  const folders = files.map((uri) => uri.slice(0, uri.lastIndexOf('/') + 1));
  let root = folders[0] as string;
  for (const folder of folders)
    while (!folder.startsWith(root)) root = root.slice(0, root.slice(0, -1).lastIndexOf('/') + 1);
  const depth = Math.max(
    1,
    root
      .replace(/^file:\/\/[^/]*/, '')
      .split('/')
      .filter(Boolean).length,
  );
  const up = (step: string) => Array.from({ length: depth + 2 }, () => step).join('');
  // Up by "..", encoded dots, encoded slashes, and the backslashes a Windows server splits on.
  const probes = [
    `${root}${up('../')}etc/passwd`,
    `${root}${up('%2e%2e/')}etc/passwd`,
    `${root}${up('..%2f')}etc%2fpasswd`,
    `${root}${up('..%5c')}Windows%5cwin.ini`,
  ];
  // An absolute path elsewhere, where the root does not hold it (a Unix one, and a Windows one).
  for (const elsewhere of ['file:///etc/passwd', 'file:///C:/Windows/win.ini'])
    if (!elsewhere.startsWith(root)) probes.push(elsewhere);
  for (const uri of probes) {
    const request = { method: 'resources/read', params: { uri } };
    const answer = await ask(request.method, request.params);
    if ('error' in answer) continue;
    const contents = answer.result.contents;
    if (Array.isArray(contents) && contents.length > 0)
      return rule.broken(`${uri} is outside ${root}, and the server answered it with content`, {
        request,
        response: cut(answer.result, 600),
      });
  }
  return rule.pass(`${probes.length} paths out of ${root} each got an error`);
}
