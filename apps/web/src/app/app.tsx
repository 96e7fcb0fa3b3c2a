import { siteName } from '@grabbit/catalog';

export function App() {
  return <h1 className="p-4 text-2xl font-bold">{siteName}</h1>;
}
