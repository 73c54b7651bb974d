// Stdio entry of the built-in demo server; the app spawns it when no server is configured.
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createDemoServer } from './server';

serveStdio(() => createDemoServer());
