import { useId } from 'react';
import type { CatalogSort } from '../../../shared/catalog/tree-types';
import { useAppStore } from '../../store/use-app-store';

const OPTIONS: { value: CatalogSort; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'priority', label: 'Priority' },
  { value: 'lastModified', label: 'Last modified' },
];

/** How resources are ordered within each folder; folders always come first. */
export function SortSelect() {
  const sort = useAppStore((state) => state.sort);
  const setSort = useAppStore((state) => state.setSort);
  const id = useId();
  return (
    <div className="sort-select small">
      <label htmlFor={id}>Sort by</label>
      <select id={id} value={sort} onChange={(event) => setSort(event.target.value as CatalogSort)}>
        {OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
