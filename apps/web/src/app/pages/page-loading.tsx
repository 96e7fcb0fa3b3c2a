// Shown while a page's code loads after client-side navigation (prerendered pages never show it).
export function PageLoading({ heading }: { heading: string }) {
  return (
    <div aria-busy="true" className="space-y-2">
      <h1 className="text-3xl font-bold text-slate-900">{heading}</h1>
      <p className="text-slate-700">Loading...</p>
    </div>
  );
}
