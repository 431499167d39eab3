// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import ErrorPage from './error-page.tsx';

afterEach(cleanup);

function renderPage(props: { status?: number; message?: string }) {
  const Stub = createRoutesStub([{ path: '/', Component: () => <ErrorPage {...props} /> }]);
  render(<Stub initialEntries={['/']} />);
}

describe('ErrorPage', () => {
  it.each([404, undefined])('shows "Gezakt!" with the three links for status %s', (status) => {
    renderPage({ status });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Gezakt!');
    expect(screen.getByText('De pagina die je zoekt is niet (meer) beschikbaar.')).toBeTruthy();
    const links = screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/'],
      ['Examentips', '/examentips'],
      ['Exameninfo', '/exameninfo'],
    ]);
    expect(document.title).toBe('Pagina niet gevonden | Slaagbundel');
  });

  it('shows the code and message for other statuses', () => {
    renderPage({ status: 503, message: 'We zijn zo terug.' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Foutmelding 503');
    expect(screen.getByText('We zijn zo terug.')).toBeTruthy();
    expect(screen.queryByText('Gezakt!')).toBeNull();
  });

  it('explains a status in Dutch when the error brought no message of its own', () => {
    renderPage({ status: 405 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Foutmelding 405');
    expect(screen.getByText('Dat kan op deze pagina niet. Ga terug en probeer het opnieuw.')).toBeTruthy();
  });
});
