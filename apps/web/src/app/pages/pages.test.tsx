// Server-rendered pages of the shell: their fixed messages.
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ErrorPage, errorText } from './error-page';
import { NotFoundPage } from './not-found-page';
import { ConverterPageRoute } from './tool-routes';

describe('shell pages', () => {
  it('a converter route without configuration says so', () => {
    expect(renderToString(<ConverterPageRoute converterId="xyz" />)).toContain(
      'Configuration for XYZ Converter not found.',
    );
  });

  it('the error page shows the status text or the message', () => {
    expect(errorText({ status: 500, statusText: 'Internal Server Error' })).toBe('500 Internal Server Error');
    expect(errorText(new Error('boom'))).toBe('boom');
    const html = renderToString(<ErrorPage error={new Error('Something broke')} />);
    expect(html).toContain('Unexpected Application Error!');
    expect(html).toContain('Something broke');
  });

  it('the 404 page links home', () => {
    const html = renderToString(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(html).toContain('Page Not Found');
    expect(html).toContain('does not exist or has been moved');
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Return to Home<\/a>/);
  });
});
