import { useSearchParams } from 'react-router-dom';
import { useUpdateSearchParams } from '../useUpdateSearchParams';

/** The zero-based page of a listing, kept in the URL (?page=2 is the second page). */
export function useListingPage(): [number, (page: number) => void] {
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw > 1 ? raw - 1 : 0;
  const setPage = (next: number) => {
    updateParams((params) => {
      if (next > 0) params.set('page', String(next + 1));
      else params.delete('page');
    });
    window.scrollTo({ top: 0 });
  };
  return [page, setPage];
}
