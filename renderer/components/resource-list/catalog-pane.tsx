import { useAppStore } from '../../store/use-app-store';
import { CatalogWarnings } from './catalog-warnings';
import { ResourceList } from './resource-list';
import { TemplateList } from './template-list';

/** The middle column: filter, warnings, the resource list and the templates. */
export function CatalogPane() {
  const filter = useAppStore((state) => state.filter);
  const setFilter = useAppStore((state) => state.setFilter);
  return (
    <section className="catalog-pane pane" aria-labelledby="catalog-heading">
      <div className="pane-header">
        <h2 id="catalog-heading">Catalog</h2>
        <input
          type="search"
          className="filter"
          aria-label="Filter resources"
          placeholder="Filter by title, name, URI or description"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      </div>
      <CatalogWarnings />
      <ResourceList />
      <TemplateList />
    </section>
  );
}
