import type { Icon } from '../../../shared/mcp-types';
import { iconDetails, iconDisplay } from './icon-source';

/**
 * A resource's icons: images only from data: URLs; https URLs as muted text; the rest refused,
 * saying why.
 */
export function IconList({ icons }: { icons: Icon[] }) {
  return (
    <ul className="icon-list">
      {icons.map((icon, index) => {
        const display = iconDisplay(icon);
        const details = iconDetails(icon);
        return (
          <li key={index} className="icon-item">
            {display.kind === 'image' ? (
              <img className="icon-image" src={display.src} alt={`Icon ${index + 1}`} />
            ) : null}
            {/* Plain text, not a link: the inspector never follows a URL a server chose. */}
            {display.kind === 'remote' ? (
              <span className="mono muted break small">{display.url.slice(0, 300)}</span>
            ) : null}
            {display.kind === 'refused' ? (
              <span className="muted small">Icon not shown: {display.reason}</span>
            ) : null}
            {details ? <span className="muted small">{details}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
