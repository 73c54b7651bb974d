import { createContext } from 'react';
import { NO_MATCHES } from '../../../shared/catalog/search-index';
import type { SearchMatches } from '../../../shared/catalog/tree-types';

/**
 * The matches of the view the tree is showing. Rows read them from here rather than from the
 * store: the tree renders a deferred view, and a row must highlight what that view matched.
 */
export const MatchesContext = createContext<SearchMatches>(NO_MATCHES);
