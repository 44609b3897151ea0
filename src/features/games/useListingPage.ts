import { useSearchParams } from 'react-router-dom';

/** The zero-based page of a listing, kept in the URL (?page=2 is the second page). */
export function useListingPage(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw > 1 ? raw - 1 : 0;
  const setPage = (next: number) => {
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next > 0) copy.set('page', String(next + 1));
        else copy.delete('page');
        return copy;
      },
    );
    window.scrollTo({ top: 0 });
  };
  return [page, setPage];
}
