import { useEffect, useRef, useState } from 'react';
import type { CaptureDiff } from '../../../shared/capture/capture-diff';
import type { Capture } from '../../../shared/capture/capture-format';
import { useAppStore } from '../../store/use-app-store';
import { DiffView } from './diff-view';

type Side = { name: string; capture: Capture } | { name: string; problem: string };

/** Reads and checks one capture file (the parser is loaded with the dialog's first use). */
async function readSide(file: File): Promise<Side> {
  const { parseCapture } = await import('../../../shared/capture/capture-format');
  const parsed = parseCapture(await file.text());
  return 'problem' in parsed
    ? { name: file.name, problem: parsed.problem.message }
    : { name: file.name, capture: parsed.capture };
}

/**
 * Two capture files chosen, and what changed between them (the same diff as `mcp-context diff`).
 */
export function DiffDialog() {
  const open = useAppStore((state) => state.diffOpen);
  const setOpen = useAppStore((state) => state.setDiffOpen);
  const [before, setBefore] = useState<Side | undefined>();
  const [after, setAfter] = useState<Side | undefined>();
  // The diff of the pair it was made for: a new file chosen makes the old one stale at once.
  const [made, setMade] = useState<
    { of: [Side, Side]; diff?: CaptureDiff; failure?: string } | undefined
  >();
  const first = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);
  useEffect(() => {
    if (!before || !after || !('capture' in before) || !('capture' in after)) return;
    let current = true;
    const failed = (error: unknown) =>
      current &&
      setMade({
        of: [before, after],
        failure: `the diff could not be made: ${error instanceof Error ? error.message : String(error)}`,
      });
    import('../../../shared/capture/capture-diff').then(({ diffCaptures }) => {
      if (!current) return;
      try {
        setMade({ of: [before, after], diff: diffCaptures(before.capture, after.capture) });
      } catch (error) {
        failed(error);
      }
    }, failed);
    return () => {
      current = false;
    };
  }, [before, after]);
  const fresh = made && made.of[0] === before && made.of[1] === after ? made : undefined;
  const diff = fresh?.diff;
  const failure = fresh?.failure;

  if (!open) return null;
  const picker = (
    label: string,
    side: Side | undefined,
    set: (side: Side) => void,
    ref?: React.Ref<HTMLInputElement>,
  ) => (
    <label className="diff-pick">
      <span>{label}</span>
      <input
        ref={ref}
        type="file"
        accept=".json,application/json"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file)
            void readSide(file).then(set, (error: unknown) =>
              set({ name: file.name, problem: String(error) }),
            );
        }}
      />
      {side && 'problem' in side ? (
        <span className="diff-problem" role="alert">
          {side.name} cannot be used: {side.problem}
        </span>
      ) : null}
    </label>
  );
  return (
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => event.target === event.currentTarget && setOpen(false)}
    >
      <div
        className="dialog diff-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="diff-title"
        onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
      >
        <div className="dialog-head">
          <h2 id="diff-title">Diff two captures</h2>
          <button type="button" onClick={() => setOpen(false)} aria-label="Close the diff">
            Close
          </button>
        </div>
        <div className="diff-picks">
          {picker('Before (A)', before, setBefore, first)}
          {picker('After (B)', after, setAfter)}
        </div>
        {failure ? (
          <p className="diff-problem" role="alert">
            {failure}
          </p>
        ) : null}
        {diff && before && after ? (
          <DiffView diff={diff} names={[before.name, after.name]} />
        ) : (
          <p className="muted">
            Choose two capture files: what changed between them shows here, as mcp-context diff
            prints it.
          </p>
        )}
      </div>
    </div>
  );
}
