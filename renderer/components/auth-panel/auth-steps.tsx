import { AUTH_STEP_TITLES as TITLES } from '../../../shared/auth-steps';
import { AUTH_STEP_KINDS, type AuthFlow } from '../../../shared/mcp-types';

const MARK = { done: '✓', failed: '✕', cancelled: '–', running: '', waiting: '·' } as const;

/**
 * The steps of a sign-in in order: each one's state and what it found, or why it stopped; those not
 * reached are named too.
 */
export function AuthSteps({ flow }: { flow: AuthFlow }) {
  const kinds = AUTH_STEP_KINDS.filter((kind) => !(flow.machine && kind === 'authorize'));
  const stopped = flow.state !== 'running' && flow.state !== 'done';
  return (
    <ol className="auth-steps" aria-label="Sign-in steps">
      {kinds.map((kind) => {
        const step = flow.steps.find((one) => one.kind === kind);
        // The step a cancel stopped is not a failure of it.
        const state =
          step?.state === 'failed' && flow.state === 'cancelled'
            ? 'cancelled'
            : (step?.state ?? 'waiting');
        return (
          <li key={kind} className={`auth-step step-${state}`}>
            <span className="auth-step-mark" aria-hidden="true">
              {state === 'running' ? <span className="spinner" /> : MARK[state]}
            </span>
            <span className="auth-step-title">{TITLES[kind]}</span>
            <span className="auth-step-detail">
              <span className="visually-hidden">
                {state === 'waiting' ? 'not reached' : state}:{' '}
              </span>
              {step?.detail ??
                (stopped ? 'not reached' : flow.state === 'done' ? 'not needed' : 'next')}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
