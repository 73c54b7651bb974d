// `stopword` ships no types; focus-words.ts uses its English list only.
declare module 'stopword' {
  export const eng: readonly string[];
}
