// The few web-platform globals that Node, browsers and Electron all have. Only the shared
// tsconfig sees this file: the node and web configs get the real declarations instead.
declare class URL {
  constructor(url: string, base?: string | URL);
  readonly protocol: string;
  readonly host: string;
  readonly hostname: string;
  readonly port: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  readonly origin: string;
  readonly href: string;
  readonly username: string;
  readonly password: string;
}
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare function atob(data: string): string;
interface AbortSignal {
  readonly aborted: boolean;
}
