import { useState, type FormEvent } from 'react';
import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LIMITS } from '../../../shared/constants';

interface SearchBoxProps {
  id: string;
  onSubmitted?: () => void;
}

function SearchForm({ id, initial, onSubmitted }: SearchBoxProps & { initial: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = value.trim();
    if (!text) return;
    navigate(`/?search=${encodeURIComponent(text)}`);
    onSubmitted?.();
  };

  return (
    <form role="search" onSubmit={submit} style={{ width: '100%' }}>
      <TextInput
        id={id}
        type="search"
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        placeholder="Search games..."
        aria-label="Search games"
        maxLength={LIMITS.searchMax}
        leftSection={<IconSearch size={16} aria-hidden />}
        radius="xl"
      />
    </form>
  );
}

/** Submitting navigates to /?search=<encoded>, only when the trimmed text is non-empty (spec section 5). */
export function SearchBox(props: SearchBoxProps) {
  const [params] = useSearchParams();
  const current = params.get('search') ?? '';
  // Keyed by the URL's query so the field follows back/forward navigation.
  return <SearchForm key={current} initial={current} {...props} />;
}
