// 404 page. The server answers these paths with HTTP 404 and the prerendered 404.html.
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';

export function NotFoundPage() {
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <p className="text-6xl font-bold text-indigo-700" aria-hidden>
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Page Not Found</h1>
      <p className="mt-3 text-slate-700">The page you are looking for does not exist or has been moved.</p>
      <Link to="/" className={buttonClasses('default', 'lg', 'mt-8')}>
        Return to Home
      </Link>
    </div>
  );
}
