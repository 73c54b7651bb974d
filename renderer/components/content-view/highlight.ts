/**
 * Syntax highlighting: lowlight (highlight.js grammars) builds a hast tree, which becomes React
 * elements through hast-util-to-jsx-runtime. No HTML string is ever made or assigned.
 */
import { createLowlight } from 'lowlight';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import type { ReactNode } from 'react';
// highlight.js comes with lowlight; only these grammars are bundled.
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import go from 'highlight.js/lib/languages/go';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import type { CodeLanguage } from './view-kind';

const lowlight = createLowlight({
  bash,
  css,
  go,
  javascript,
  json,
  markdown,
  python,
  rust,
  sql,
  typescript,
  xml,
  yaml,
});

/**
 * The code as highlighted React elements; the plain string if the grammar throws (it should not,
 * but content is hostile).
 */
export function highlightToReact(code: string, language: CodeLanguage): ReactNode {
  try {
    return toJsxRuntime(lowlight.highlight(language, code), { Fragment, jsx, jsxs });
  } catch {
    return code;
  }
}
