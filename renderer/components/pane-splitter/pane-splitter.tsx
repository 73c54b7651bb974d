import { useRef, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';

interface PaneSplitterProps {
  /** The accessible name, e.g. "Resize the servers column". */
  label: string;
  /** The controlled size, in percent of the container. */
  value: number;
  min: number;
  max: number;
  /** The container the percentages are of. */
  containerRef: RefObject<HTMLElement | null>;
  /**
   * Where the resized column starts, in percent of the container, so a pointer position becomes a
   * size.
   */
  start: number;
  onChange(value: number): void;
}

const STEP = 1;
const BIG_STEP = 5;

/**
 * A vertical splitter: drag it, or focus it and use the arrow keys (Shift for bigger steps), Home
 * and End.
 */
export function PaneSplitter({
  label,
  value,
  min,
  max,
  containerRef,
  start,
  onChange,
}: PaneSplitterProps) {
  const dragging = useRef(false);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    event.preventDefault();
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const container = containerRef.current;
    if (!dragging.current || !container) return;
    const box = container.getBoundingClientRect();
    if (box.width === 0) return;
    onChange(((event.clientX - box.left) / box.width) * 100 - start);
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    dragging.current = false;
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.shiftKey ? BIG_STEP : STEP;
    const next: Record<string, number> = {
      ArrowLeft: value - step,
      ArrowRight: value + step,
      ArrowUp: value + step,
      ArrowDown: value - step,
      Home: min,
      End: max,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    onChange(target);
  }

  return (
    <div
      className="pane-splitter"
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={Math.round(value)}
      aria-valuemin={min}
      aria-valuemax={Math.round(max)}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
    />
  );
}
