import type { ServerProblem } from '../../../shared/mcp-types';

/**
 * Where the server broke the spec since it connected, by kind: told where the user looks, not only
 * in stderr.
 */
export function SpecProblems({ problems }: { problems: ServerProblem[] | undefined }) {
  if (!problems || problems.length === 0) return null;
  return (
    <div className="spec-problems" role="group" aria-label="Breaks the spec">
      <p className="small spec-problems-head">Breaks the spec</p>
      <ul>
        {problems.map((problem) => (
          <li key={problem.kind} className="small">
            {problem.message}
            <span className="muted">
              {' '}
              ·{' '}
              {problem.message.includes(' times ') ? '' : `${problem.count.toLocaleString('en')}× `}
              since {new Date(problem.first).toLocaleTimeString('en-GB')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
