import { ResourceTree } from '../resource-tree/resource-tree';
import { SearchField } from '../search-field/search-field';
import { CatalogWarnings } from './catalog-warnings';
import { ListingProgress } from './listing-progress';
import { PickSummary } from './pick-summary';
import { SortSelect } from './sort-select';

/** The middle column: search, sorting, picks and streaming progress, warnings, then the tree. */
export function CatalogPane() {
  return (
    <section className="catalog-pane pane" aria-labelledby="catalog-heading">
      <div className="pane-header">
        <div className="catalog-title-row">
          <h2 id="catalog-heading">Catalog</h2>
          <PickSummary />
        </div>
        <SearchField />
        <SortSelect />
        <ListingProgress />
      </div>
      <CatalogWarnings />
      <ResourceTree />
    </section>
  );
}
