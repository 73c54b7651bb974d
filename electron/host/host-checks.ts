/**
 * The checks a host runs for its windows (conformance.ts), each over connections of its own:
 * cancelled by the request id a window gave it, or all at once when the host closes.
 */
import type { CheckReport } from '../../shared/check/check-types';
import { HostError } from '../../shared/host-error';
import type { ServerConfig } from '../../shared/mcp-types';
import { checkServer, type SignedIn } from './check/conformance';

export function createHostChecks(timeoutMs: number, signedIn?: SignedIn) {
  const running = new Set<AbortController>();
  const byRequest = new Map<string, AbortController>();
  return {
    async run(config: ServerConfig, requestId?: string): Promise<CheckReport> {
      const controller = new AbortController();
      running.add(controller);
      if (requestId) byRequest.set(requestId, controller);
      try {
        const outcome = await checkServer(config, timeoutMs, controller.signal, signedIn);
        if ('cancelled' in outcome)
          throw new HostError('cancelled', `the check of ${config.name} was cancelled`);
        if ('unreachable' in outcome)
          throw new HostError(
            'disconnected',
            `could not check ${config.name}: ${outcome.unreachable}`,
          );
        return outcome.report;
      } finally {
        running.delete(controller);
        if (requestId) byRequest.delete(requestId);
      }
    },
    /** True when `requestId` named a check. */
    cancel(requestId: string): boolean {
      const controller = byRequest.get(requestId);
      controller?.abort();
      return controller !== undefined;
    },
    closeAll(): void {
      for (const controller of running) controller.abort();
    },
  };
}
