import { describe, expect, it } from 'vitest';
import type { ServerSnapshot } from '../../../shared/mcp-types';
import { transportSummary } from './transport-summary';

const remote = (patch: Partial<ServerSnapshot>): ServerSnapshot => ({
  id: 's1',
  name: 'docs',
  transport: { kind: 'http', url: 'https://mcp.example/mcp' },
  status: 'connected',
  stderrTail: [],
  ...patch,
});

describe("a server card's transport line", () => {
  it('says SSE for a Streamable HTTP URL that answered only over SSE', () => {
    expect(transportSummary(remote({ wire: 'sse' }))).toBe(
      'SSE (Streamable HTTP was refused) https://mcp.example/mcp',
    );
    expect(transportSummary(remote({ wire: 'streamable-http' }))).toBe(
      'Streamable HTTP https://mcp.example/mcp',
    );
  });

  it('says when a server keeps no stream open, so no change it makes will show by itself', () => {
    expect(transportSummary(remote({ wire: 'streamable-http', streamRefused: true }))).toBe(
      'Streamable HTTP, no stream for changes (GET refused) https://mcp.example/mcp',
    );
  });

  it('shows a command line with its files by name, and whole on request (the title)', () => {
    const local: ServerSnapshot = {
      ...remote({}),
      transport: {
        kind: 'stdio',
        command: '/home/ada/.nvm/versions/node/v22.12.0/bin/node',
        args: ['/home/ada/app/out/demo-server.mjs'],
      },
    };
    expect(transportSummary(local)).toBe('node demo-server.mjs');
    expect(transportSummary(local, true)).toBe(
      '/home/ada/.nvm/versions/node/v22.12.0/bin/node /home/ada/app/out/demo-server.mjs',
    );
  });

  it('names the transport configured while it is not connected', () => {
    expect(transportSummary(remote({ wire: 'sse', status: 'disconnected' }))).toBe(
      'Streamable HTTP https://mcp.example/mcp',
    );
  });
});
