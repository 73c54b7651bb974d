import { useAppStore } from '../../store/use-app-store';

/**
 * The theme: the OS's, or always light or dark; remembered by the host for every window and run.
 */
export function ThemeToggle() {
  const theme = useAppStore((state) => state.theme);
  const setTheme = useAppStore((state) => state.setTheme);
  const problem = useAppStore((state) => state.preferencesProblem);
  return (
    <label className="theme-toggle" title={problem ?? 'The colours of every window, remembered'}>
      <span>Theme</span>
      <select
        value={theme}
        onChange={(event) => void setTheme(event.target.value as typeof theme)}
        aria-describedby={problem ? 'preferences-problem' : undefined}
      >
        <option value="system">as the system</option>
        <option value="light">light</option>
        <option value="dark">dark</option>
      </select>
      {problem ? (
        <span id="preferences-problem" className="error-text small" role="alert">
          {problem}
        </span>
      ) : null}
    </label>
  );
}
