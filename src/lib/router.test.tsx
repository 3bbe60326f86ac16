// The router's promises that pages rely on, each as react-router kept it: links and their history
// entries, NavLink's current page, the raw query parsed once, parameters decoded once, navigation
// state and type.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TestRouter } from '../testing/router.tsx';
import {
  Link,
  NavLink,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from './router.tsx';

function Where() {
  const { pathname, search, hash, state } = useLocation();
  return <output>{`${pathname}${search}${hash} ${useNavigationType()} ${JSON.stringify(state)}`}</output>;
}

const where = () => screen.getByRole('status').textContent;

describe('Link', () => {
  it('pushes a new page, and replaces the entry when it leads to the page on screen', async () => {
    render(
      <TestRouter path="/restaurants">
        <Link to="/search">Search</Link>
        <Link to="/restaurants">Near me</Link>
        <Where />
      </TestRouter>,
    );
    const entries = history.length;
    await userEvent.click(screen.getByRole('link', { name: 'Near me' }));
    expect(where()).toBe('/restaurants REPLACE null');
    expect(history.length).toBe(entries);
    await userEvent.click(screen.getByRole('link', { name: 'Search' }));
    expect(where()).toBe('/search PUSH null');
    expect(history.length).toBe(entries + 1);
  });

  it('hands its state to the page it opens', async () => {
    render(
      <TestRouter path="/">
        <Link to="/offers" state={{ from: 'banner' }}>
          Offers
        </Link>
        <Where />
      </TestRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Offers' }));
    expect(where()).toBe('/offers PUSH {"from":"banner"}');
  });

  it('leaves links to other sites, phone numbers and e-mail to the browser', async () => {
    render(
      <TestRouter path="/about">
        <Link to="tel:+918000000000">Call</Link>
        <Link to="https://example.com/help">Help</Link>
        <Link to="mailto:help@example.com">Write</Link>
      </TestRouter>,
    );
    // After React's handler: note whether it took the click, then keep happy-dom from following it.
    const taken: boolean[] = [];
    const note = (e: Event) => {
      taken.push(e.defaultPrevented);
      e.preventDefault();
    };
    window.addEventListener('click', note);
    for (const name of ['Call', 'Help', 'Write']) await userEvent.click(screen.getByRole('link', { name }));
    window.removeEventListener('click', note);
    expect(taken).toEqual([false, false, false]);
    expect(location.pathname).toBe('/about');
  });
});

describe('NavLink', () => {
  const nav = (path: string) =>
    render(
      <TestRouter path={path}>
        <NavLink to="/restaurants" className="item" end>
          Near me
        </NavLink>
        <NavLink to="/myaccount">Account</NavLink>
      </TestRouter>,
    );

  it('marks the current page, and with `end` only its own path', () => {
    nav('/restaurants');
    expect(screen.getByRole('link', { name: 'Near me' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Near me' })).toHaveClass('item', 'active');
    expect(screen.getByRole('link', { name: 'Account' })).not.toHaveAttribute('aria-current');
  });

  it('marks a link for the pages below it unless `end`, and never a wrongly cased path', () => {
    const below = nav('/restaurants/meghana-biryani-house');
    expect(screen.getByRole('link', { name: 'Near me' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Near me' })).toHaveClass('item', { exact: true });
    below.unmount();
    nav('/myaccount/orders');
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
  });

  it('never marks a link for a wrongly cased path (a page not found)', () => {
    nav('/MyAccount');
    expect(screen.getByRole('link', { name: 'Account' })).not.toHaveAttribute('aria-current');
  });
});

describe('the query and the parameters', () => {
  function Query() {
    const [params, setParams] = useSearchParams();
    return (
      <>
        <output>{params.get('q')}</output>
        <button type="button" onClick={() => setParams({ q: '50% off' })}>
          Set
        </button>
      </>
    );
  }

  it('are decoded exactly once', async () => {
    render(
      <TestRouter path="/search?q=paneer%2520tikka">
        <Query />
      </TestRouter>,
    );
    expect(where()).toBe('paneer%20tikka');
    await userEvent.click(screen.getByRole('button', { name: 'Set' }));
    expect(location.pathname + location.search).toBe('/search?q=50%25+off');
    expect(where()).toBe('50% off');
  });

  it('are matched by the server’s patterns, case-sensitively, parameters decoded once', () => {
    function Slug() {
      return <output>{useParams()['slug']}</output>;
    }
    const at = (path: string) =>
      render(
        <TestRouter path={path}>
          <Routes>
            <Route path="/restaurants/:slug" element={<Slug />} />
            <Route path="*" element={<output>not found</output>} />
          </Routes>
        </TestRouter>,
      );
    const menu = at('/restaurants/100%2525-caf%C3%A9');
    expect(where()).toBe('100%25-café');
    menu.unmount();
    at('/Restaurants/x');
    expect(where()).toBe('not found');
  });
});

describe('navigation type', () => {
  it('is PUSH or REPLACE after a navigation, POP after back/forward', async () => {
    function Buttons() {
      const navigate = useNavigate();
      return (
        <>
          <button type="button" onClick={() => navigate('/offers')}>
            Push
          </button>
          <button type="button" onClick={() => navigate('?tab=coupons', { replace: true, state: 1 })}>
            Replace
          </button>
        </>
      );
    }
    render(
      <TestRouter path="/search?q=dosa#top">
        <Buttons />
        <Where />
      </TestRouter>,
    );
    expect(where()).toMatch(/^\/search\?q=dosa#top [A-Z]+ null$/);
    await userEvent.click(screen.getByRole('button', { name: 'Push' }));
    expect(where()).toBe('/offers PUSH null');
    await userEvent.click(screen.getByRole('button', { name: 'Replace' }));
    expect(where()).toBe('/offers?tab=coupons REPLACE 1');
    act(() => {
      history.replaceState(null, '', '/search');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(where()).toBe('/search POP null');
  });
});
