import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

type UpdateSearchParams = (update: (params: URLSearchParams) => void, options?: { replace?: boolean }) => void;

/**
 * Changes some of the address's query parameters, starting from the address as it is now
 * (`window.location`), not as the last render saw it. The router renders a navigation as a
 * transition: an update landing before that render (a debounced search arriving just after a
 * filter was tapped) would otherwise start from the older address and undo the tap. An update
 * that changes nothing navigates nowhere.
 */
export function useUpdateSearchParams(): UpdateSearchParams {
  const navigate = useNavigate();
  return useCallback<UpdateSearchParams>(
    (update, options) => {
      const before = window.location.search.replace(/^\?/, '');
      const params = new URLSearchParams(before);
      update(params);
      const after = params.toString();
      if (after !== before) navigate({ search: after ? `?${after}` : '' }, options);
    },
    [navigate],
  );
}
