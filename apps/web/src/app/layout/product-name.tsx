// The product name at the top of the sidebar, linking home.
import { siteName } from '@grabbit/catalog';
import { Rabbit } from 'lucide-react';
import { Link } from 'react-router';

export function ProductName() {
  return (
    <Link to="/" className="flex items-center gap-2 text-xl font-bold text-slate-900">
      <Rabbit className="size-6 text-indigo-700" aria-hidden />
      {siteName}
    </Link>
  );
}
