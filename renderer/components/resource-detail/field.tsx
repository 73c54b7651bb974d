import type { ReactNode } from 'react';

/** One term and its value in the detail's definition list. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** An absent optional field, said out loud rather than left blank. */
export function Missing() {
  return <span className="muted">not set</span>;
}
