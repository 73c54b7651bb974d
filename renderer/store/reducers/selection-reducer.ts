/** Decides what an event means for the selected resource. Pure. */
import type { WindowEvent as HostEvent } from '../../../shared/window-api';
import { sameResource, type ResourceKey } from '../../../shared/catalog/resource-key';

/** True when the event says the selected resource's content changed, so it must be read again. */
export function shouldReread(selected: ResourceKey | null, event: HostEvent): boolean {
  return (
    event.type === 'resource-updated' &&
    sameResource(selected, { serverId: event.serverId, uri: event.uri })
  );
}
