import { describe, expect, it } from 'vitest';
import type { FoundConfig } from '../../../shared/config/found-config';
import {
  foundFiles,
  importPlan,
  inputKey,
  inputsNeeded,
  serverKey,
  serverNotes,
} from './import-model';

const region = { id: 'region', description: 'Region', password: false, options: ['eu', 'us'] };
const token = { id: 'token', description: 'API token', password: true };
const file: FoundConfig = {
  client: 'VS Code',
  scope: 'user',
  path: '/home/ada/.config/Code/User/mcp.json',
  warnings: [],
  servers: [
    {
      name: 'a',
      kind: 'stdio',
      shows: 'node a.js',
      disabled: false,
      needs: [token, region],
      warnings: [],
    },
    {
      name: 'b',
      kind: 'http',
      shows: 'https://b.example/mcp',
      disabled: true,
      needs: [token],
      warnings: ['timeout is not used here'],
    },
    {
      name: 'c',
      disabled: false,
      needs: [],
      warnings: [],
      error: 'has neither a command nor a url',
    },
  ],
};

describe('Import from… model', () => {
  const [shown] = foundFiles([file]);
  const server = (name: string) => file.servers.find((s) => s.name === name)!;

  it('asks each input the ticked servers need once, in order', () => {
    const ticked = new Set([serverKey(shown!, server('a')), serverKey(shown!, server('b'))]);
    expect(inputsNeeded(shown!, ticked).map((input) => input.id)).toEqual(['token', 'region']);
    expect(
      inputsNeeded(shown!, new Set([serverKey(shown!, server('b'))])).map((input) => input.id),
    ).toEqual(['token']);
  });

  it('sends the ticked names and their inputs, a choice left alone being its first option', () => {
    const ticked = new Set([serverKey(shown!, server('a'))]);
    expect(importPlan([shown!], ticked, { [inputKey(shown!, token)]: 'sk-1' })).toEqual({
      items: [{ source: shown?.source, names: ['a'], inputs: { token: 'sk-1', region: 'eu' } }],
      count: 1,
      empty: [],
    });
    expect(importPlan([shown!], new Set(), {})).toEqual({ items: [], count: 0, empty: [] });
    // A secret not typed yet holds the import back, by name.
    expect(importPlan([shown!], ticked, {}).empty).toEqual([token]);
  });

  it("says what a row's server asks for and what does not apply", () => {
    expect(serverNotes(server('a'))).toEqual(['asks for API token, Region']);
    expect(serverNotes(server('b'))).toEqual([
      'disabled in this file',
      'asks for API token',
      'timeout is not used here',
    ]);
  });
});
