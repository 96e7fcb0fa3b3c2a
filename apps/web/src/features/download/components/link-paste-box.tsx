// One box for every site: a pasted link of any supported site goes to that site's downloader page
// with the link filled in (the page reads it from `?url=`, as it does for a shared link). Kept
// small: it ships with the home page and the page header.
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useTypedBeforeHydration } from '../../../lib/use-typed-before-hydration';
import { linksIn, sharedLinkTarget } from '../lib/shared-link';

export function LinkPasteBox({ id, className }: { id: string; className?: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const errorId = `${id}-error`;
  const form = useRef<HTMLFormElement>(null);
  // A link typed before the script started stays in the box.
  useTypedBeforeHydration(form, (input) => setValue(input.value));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const link = linksIn(value)[0];
    const target = link ? sharedLinkTarget(link, undefined) : undefined;
    if (target?.kind !== 'go') {
      setError(
        link
          ? 'This link is not from a site we support. Pick a downloader from the list below.'
          : 'Paste a video link first.',
      );
      return;
    }
    setError(undefined);
    setValue('');
    void navigate(target.path);
  };

  return (
    // noValidate: the box takes a link without https:// (youtube.com/watch?v=...), as the downloader
    // rows do, instead of the browser's "Please enter a URL.".
    <form
      ref={form}
      role="search"
      aria-label="Download from a link"
      className={className}
      noValidate
      onSubmit={submit}
    >
      <div className="flex gap-2">
        <Input
          id={id}
          type="url"
          inputMode="url"
          value={value}
          placeholder="Paste a link from YouTube, TikTok, Instagram..."
          aria-label="Paste a video link"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
        <Button type="submit">Go</Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-left text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
